import type { MovedResponse as MovedSchema, TransferView as TransferSchema } from '@kupon/api/contract';
import type { z } from 'zod';

/** Wire types the api names only as schemas (no `export type` of their own). */
export type MovedResponse = z.infer<typeof MovedSchema>;
export type TransferView = z.infer<typeof TransferSchema>;
