import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compileOnlyDb } from '../testing/compile-only';
import { BuildTablesPlugin, storedTableName } from './projection';

const db = compileOnlyDb().withPlugin(new BuildTablesPlugin(['bet', 'bet_slips'], 3, 2));

describe('a build’s table names', () => {
  it('are the plain name with the version, and the replay number after the first build', () => {
    expect(storedTableName('coupons', 1, 0)).toBe('coupons_v1');
    expect(storedTableName('coupons', 3, 2)).toBe('coupons_v3_r2');
  });

  it('replace the plain names in tables, qualified references, raw table fragments and index names', () => {
    const upsert = db
      .insertInto('bet_slips')
      .values({ id: 'a', n: 1 })
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ n: eb('bet_slips.n', '+', eb.ref('excluded.n')) })))
      .compile().sql;
    expect(upsert).toBe('insert into "bet_slips_v3_r2" ("id", "n") values ($1, $2) on conflict ("id") do update set "n" = "bet_slips_v3_r2"."n" + "excluded"."n"');
    expect(db.selectFrom('bet as b').innerJoin('other', 'other.id', 'b.id').select('b.id').compile().sql).toBe(
      'select "b"."id" from "bet_v3_r2" as "b" inner join "other" on "other"."id" = "b"."id"',
    );
    expect(sql`select count(*) from ${sql.table('bet')}`.compile(db).sql).toBe('select count(*) from "bet_v3_r2"');
    expect(db.schema.createIndex('bet_slips_by_user').on('bet_slips').column('user_id').compile().sql).toBe(
      'create index "bet_slips_v3_r2_by_user" on "bet_slips_v3_r2" ("user_id")',
    );
  });

  it('move named constraints with their table, so two builds never claim the same name', () => {
    const table = db.schema
      .createTable('bet_slips')
      .addColumn('id', 'text')
      .addColumn('n', 'integer')
      .addPrimaryKeyConstraint('bet_slips_pk', ['id'])
      .addUniqueConstraint('bet_slips_n_key', ['n'])
      .addCheckConstraint('bet_slips_n_positive', sql`n > 0`)
      .addUniqueConstraint('shared_name', ['id', 'n'])
      .compile().sql;
    expect(table).toBe(
      'create table "bet_slips_v3_r2" ("id" text, "n" integer, constraint "bet_slips_v3_r2_pk" primary key ("id"), constraint "bet_slips_v3_r2_n_key" unique ("n"), constraint "bet_slips_v3_r2_n_positive" check (n > 0), constraint "shared_name" unique ("id", "n"))',
    );
  });
});
