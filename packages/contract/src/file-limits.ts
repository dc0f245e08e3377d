/**
 * What may be uploaded, and every word people read about it (docs/product.md#files): the
 * server's refusals, the web app's hints, checks and file pickers all come from here, so they
 * cannot drift apart. The server checks the bytes, never the name.
 */
import { orList } from './plain-words';

const MB = 1024 * 1024;

/**
 * Every type the portal stores: `name` is how the API's messages name it ("must be a pdf, png or
 * jpeg file"), `title` how the web app writes it in a sentence, and `extensions` the file name
 * endings a file picker offers for it, the usual one first (a download is named with it).
 */
export const FILE_TYPES = {
  'application/pdf': { name: 'pdf', title: 'PDF', extensions: ['.pdf'] },
  'image/png': { name: 'png', title: 'PNG', extensions: ['.png'] },
  'image/jpeg': { name: 'jpeg', title: 'JPEG', extensions: ['.jpg', '.jpeg'] },
  'text/plain': { name: 'plain text', title: 'plain text', extensions: ['.txt'] },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { name: 'docx', title: 'DOCX', extensions: ['.docx'] },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { name: 'pptx', title: 'PPTX', extensions: ['.pptx'] },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { name: 'xlsx', title: 'XLSX', extensions: ['.xlsx'] },
  'application/zip': { name: 'zip', title: 'ZIP', extensions: ['.zip'] },
  'text/csv': { name: 'csv', title: 'CSV', extensions: ['.csv'] },
} as const satisfies Record<string, { name: string; title: string; extensions: readonly [string, ...string[]] }>;
export type FileType = keyof typeof FILE_TYPES;


/** One kind's limits and its words, from its types, its size in MB and what it is called. */
function fileKind<const T extends readonly FileType[]>(types: T, megabytes: number, noun: 'image' | 'file', stored = true) {
  const typeNames = types.map((t) => FILE_TYPES[t].name);
  const names = orList(typeNames);
  return {
    types,
    maxBytes: megabytes * MB,
    /** ["png", "jpeg"]: the types by name, as a refusal of the wrong type gives them (its `types`). */
    typeNames,
    /** "png or jpeg": the types as a hint lists them. */
    names,
    /** What such a file is ("image", "file"): a refusal of the wrong type names it. */
    noun,
    /** "a png or jpeg image": what a file of the wrong type is told it must be. */
    describe: `a ${names} ${noun}`,
    /**
     * For `<input accept>`: the endings as well as the types, because some systems give a docx
     * or a zip no type at all, and a picker would then hide it.
     */
    accept: [...types.flatMap((t) => FILE_TYPES[t].extensions), ...types].join(','),
    /** "5 MB": the limit as people read it. */
    size: `${megabytes} MB`,
    /** Whether the file is kept (and counts against the uploader's quota and hourly uploads). */
    stored,
  };
}

/** What notes, assignments' attachments and submissions take. */
const NOTES_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/zip',
] as const satisfies readonly FileType[];

/** Upload limits by kind of file; a multipart route names its kind (`config.upload`). */
export const FILE_LIMITS = {
  avatar: fileKind(['image/png', 'image/jpeg'], 5, 'image'),
  thumbnail: fileKind(['image/png', 'image/jpeg'], 5, 'image'),
  notesfile: fileKind(NOTES_TYPES, 50, 'file'),
  marksheet: fileKind(['application/pdf', 'image/png', 'image/jpeg'], 20, 'file'),
  /** The registrar's roster: read as it streams in (UTF-8 text, parsed as CSV), never stored. */
  roster: fileKind(['text/csv'], 20, 'file', false),
  /** A file a professor attaches to an assignment: what notes take (its own kind, for who may download it). */
  attachment: fileKind(NOTES_TYPES, 50, 'file'),
  /** A file a student hands in: what notes take, each; a submission's together within SUBMISSION_BYTES_MAX. */
  submission: fileKind(NOTES_TYPES, 50, 'file'),
};
export type FileKind = keyof typeof FILE_LIMITS;
