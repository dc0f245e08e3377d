const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** The browser-side check of a picked image (the server checks the bytes again). */
export function imageProblem(file: File, field: string, maxBytes: number): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return `${field} must be a png or jpeg image`;
  if (file.size > maxBytes) return `${field} must be at most ${Math.round(maxBytes / (1024 * 1024))} MB`;
  return null;
}
