export { cards, type CardTables } from './cards';
