import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR is the portal's alone: the embedded database (the document signing keys, password
 * hashes, sessions), the uploaded files, the backup route's token. Nobody else on the machine
 * reads or writes any of it, whatever the account's umask or an archive's modes (decision 0033).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Everything this process creates from now on gets no group or other bits: the database's and
 * the file store's files and folders, the backup's archive, whatever a library writes. Called
 * first by the server and by `npm run backup`/`restore`.
 */
export function createFilesPrivately(): void {
  process.umask(0o077);
}

/**
 * `dir` itself 0700: created so when missing, and tightened when an older portal or a restore
 * left it open. Nothing inside can be reached by another user then, whatever its own mode.
 */
export async function privateDir(dir: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fsp.chmod(dir, PRIVATE_DIR_MODE);
}

/**
 * Every folder under `root` (and `root`) 0700, every file 0600, set explicitly: what a restore
 * unpacked has the modes the archive or PGlite's unpacking gave it, not the umask's. Symbolic
 * links are left alone (chmod would follow them out of the tree); none is ever written here.
 */
export async function makeTreePrivate(root: string): Promise<void> {
  await fsp.chmod(root, PRIVATE_DIR_MODE);
  for (const entry of await fsp.readdir(root, { withFileTypes: true })) {
    const at = path.join(root, entry.name);
    if (entry.isDirectory()) await makeTreePrivate(at);
    else if (entry.isFile()) await fsp.chmod(at, PRIVATE_FILE_MODE);
  }
}
