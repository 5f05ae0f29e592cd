import { readStored, writeStored } from '@/lib/storage';

/** Where a terminal device keeps its id (the api records it with every hand login). */
export const MACHINE_ID_KEY = 'kupon.machineId';

/** This device's machine id: the stored one, else a new random one kept from now on. */
export function deviceMachineId(): string {
  const stored = readStored<string>(MACHINE_ID_KEY);
  if (typeof stored === 'string' && /^[\w-]{1,64}$/.test(stored)) return stored;
  const created = globalThis.crypto.randomUUID();
  writeStored(MACHINE_ID_KEY, created);
  return created;
}
