import type { DealerTreeNode } from '@kupon/api/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

interface TreeProps {
  readonly nodes: readonly DealerTreeNode[];
  /** Whose children are the roots: me (a dealer sees its subtree below itself) or null for the whole site. */
  readonly rootId: string | null;
  readonly selected: string | null;
  readonly onSelect: (node: DealerTreeNode) => void;
}

/** The dealer tree below me as nested lists: dealers first, then players and terminals, by name. */
export function DealerTree({ nodes, rootId, selected, onSelect }: TreeProps) {
  const { t } = useTranslation('common');
  const children = useMemo(() => {
    const ids = new Set(nodes.map((n) => n.userId));
    const byParent = new Map<string | null, DealerTreeNode[]>();
    for (const node of nodes) {
      // A node whose parent is not listed (me, or the site's top) is a root of what I may see.
      const parent = node.parentId && ids.has(node.parentId) ? node.parentId : rootId;
      byParent.set(parent, [...(byParent.get(parent) ?? []), node]);
    }
    const order = (n: DealerTreeNode) => (n.role === 'topDealer' ? 0 : n.role === 'dealer' ? 1 : n.role === 'subDealer' ? 2 : 3);
    for (const list of byParent.values()) list.sort((a, b) => order(a) - order(b) || a.userName.localeCompare(b.userName));
    return byParent;
  }, [nodes, rootId]);

  const branch = (parent: string | null) => {
    const list = children.get(parent) ?? [];
    if (!list.length) return null;
    return (
      <ul>
        {list.map((node) => (
          <li key={node.userId}>
            <button
              type="button"
              className={node.userId === selected ? 'tree-node tree-node--selected' : 'tree-node'}
              data-testid="tree-node"
              data-user-name={node.userName}
              onClick={() => onSelect(node)}
            >
              <span>{node.userName}</span>
              <span className="muted small">
                {t(`roles.${node.role}` as never)}
                {node.status !== 'active' ? ` · ${node.status}` : ''}
              </span>
            </button>
            {branch(node.userId)}
          </li>
        ))}
      </ul>
    );
  };
  return (
    <nav className="tree" data-testid="dealer-tree">
      {branch(rootId) ?? <p className="muted">{t('noRows')}</p>}
    </nav>
  );
}
