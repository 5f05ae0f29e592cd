export { content, CONTENT_KINDS, type ContentKind, type ContentTables } from './content';
export { ContentQueries, type BonusRequestRow, type NotificationRow, type Page as ContentPage } from './queries';
