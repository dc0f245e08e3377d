/**
 * Reading a QR code: the browser's own BarcodeDetector where it has one that reads QR codes
 * (Chrome on Android, Safari), else jsQR, loaded only when a scan starts, on frames of the
 * video or on a photo. Whatever is read goes to the same check as a paste.
 */

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  try {
    if (Native && (await Native.getSupportedFormats()).includes('qr_code')) return new Native({ formats: ['qr_code'] });
  } catch {
    // A detector that cannot say what it reads is not used.
  }
  return null;
}

/** A photo of a phone's camera is 12 megapixels; jsQR reads a code as well at this width, far faster. */
const MAX_SIDE = 1600;

/** A reader of one image: the native detector, or jsQR over the image's pixels. */
async function reader(): Promise<(image: CanvasImageSource, width: number, height: number) => Promise<string | null>> {
  const native = await nativeDetector();
  if (native) return async (image) => (await native.detect(image))[0]?.rawValue ?? null;
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (image, width, height) => {
    if (!context || width === 0 || height === 0) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(data, canvas.width, canvas.height)?.data ?? null;
  };
}

/** The text of the QR code in a photo, or null when none can be read. */
export async function readPhoto(file: Blob): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(file);
    try {
      return await (await reader())(bitmap, bitmap.width, bitmap.height);
    } finally {
      bitmap.close();
    }
  } catch {
    return null;
  }
}

/** Whether this browser can show the camera at all (a secure page, a camera API). */
export const canUseCamera = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * Shows the back camera in `video` and reads frames (about five a second) until a code is read or
 * `signal` aborts; the camera is released either way. Rejects when the camera cannot be opened.
 */
export async function scanCamera(video: HTMLVideoElement, signal: AbortSignal): Promise<string | null> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
  try {
    video.srcObject = stream;
    await video.play();
    const read = await reader();
    while (!signal.aborted) {
      const text = video.videoWidth > 0 ? await read(video, video.videoWidth, video.videoHeight).catch(() => null) : null;
      if (text) return text;
      await new Promise((done) => setTimeout(done, 200));
    }
    return null;
  } finally {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  }
}
