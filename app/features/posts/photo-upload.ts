/**
 * Photos shrunk in the browser and sent one by one (docs/decisions/087-typed-words-answered-where-typed.md): loaded
 * by the post editor's upload form only when JavaScript runs and photos are sent, so no other page pays for it.
 * Without JavaScript the form posts the originals and the server shrinks them as before.
 */

/** The longest side of a photo as sent, in pixels (the server's largest stored size is smaller). */
export const SENT_LONGEST_SIDE = 1600;
/** The encoder's quality for the photo sent (0 to 1). */
export const SENT_QUALITY = 0.8;
/** How many times a photo is sent at most when the connection drops or the server is busy. */
const ATTEMPTS = 6;
/** The first wait before sending again, in milliseconds; each next wait is twice as long (at most 30 s). */
const FIRST_WAIT_MS = 1000;

/** Where a photo is: being made smaller, being sent (with its share sent, 0 to 1), waiting to be sent again, sent or refused. */
export type PhotoState =
  | { step: "shrinking" }
  | { step: "sending"; sent: number }
  | { step: "retrying"; sent: number }
  | { step: "sent" }
  | { step: "failed"; status: number };

/**
 * The photo `file` as it is sent: decoded with its EXIF orientation applied, scaled so that its longest side is at
 * most SENT_LONGEST_SIDE pixels, and encoded again as WebP at SENT_QUALITY (JPEG where the browser cannot encode
 * WebP): a new file without the camera's metadata (location, device). A file the browser cannot decode (a format it
 * does not read) is sent as it is, and the server answers for it.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  const scale = Math.min(1, SENT_LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d");
  if (!context) return file;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, SENT_QUALITY));
  // A browser that cannot encode WebP gives PNG instead (far larger): JPEG then.
  let blob = await encode("image/webp");
  if (!blob || blob.type !== "image/webp") blob = await encode("image/jpeg");
  if (!blob) return file;
  const extension = blob.type === "image/webp" ? "webp" : "jpg";
  return new File([blob], `${file.name.replace(/\.[^.]*$/, "") || "photo"}.${extension}`, { type: blob.type });
}

/**
 * Posts `photo` as the field `photos` of a multipart form to `action` (the editor's own address), reporting the share
 * sent (0 to 1) to `progress`. The `Idempotency-Key` header names this photo's submission, so a photo sent again after
 * its answer was lost is taken once (app/features/forms/idempotency.server.ts). Resolves with the answer's status
 * (after its redirects), or 0 when the connection dropped or timed out.
 */
function sendOnce(action: string, photo: File, key: string, progress: (sent: number) => void): Promise<number> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", action);
    request.setRequestHeader("Idempotency-Key", key);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) progress(event.loaded / event.total);
    };
    request.onload = () => resolve(request.status);
    request.onerror = request.ontimeout = request.onabort = () => resolve(0);
    // A slow line sends 700 KB in well under 5 minutes; a connection silent that long is dropped.
    request.timeout = 5 * 60 * 1000;
    const form = new FormData();
    form.append("photos", photo);
    request.send(form);
  });
}

/** Waits `ms` milliseconds, or until the browser is back online when it is offline. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (!navigator.onLine) window.addEventListener("online", () => resolve(), { once: true });
    else setTimeout(resolve, ms);
  });
}

/**
 * Shrinks (shrinkPhoto) and sends `files` to `action` one after the other, reporting each one's state to
 * `report(index, state)`. A photo whose connection drops (status 0), or that the server answers busy (429) or
 * unavailable (502 to 504), is sent again after 1, 2, 4… seconds (and once the browser is online again), ATTEMPTS
 * times at most; any other refusal (a file that is no photo, a post that is full) fails that photo and the next ones
 * are still sent. Resolves with how many were sent.
 */
export async function sendPhotos(
  action: string,
  files: File[],
  report: (index: number, state: PhotoState) => void,
): Promise<number> {
  let sentCount = 0;
  for (const [index, file] of files.entries()) {
    report(index, { step: "shrinking" });
    const photo = await shrinkPhoto(file);
    const key = crypto.randomUUID();
    let status = 0;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      report(index, { step: "sending", sent: 0 });
      status = await sendOnce(action, photo, key, (sent) => report(index, { step: "sending", sent }));
      const again = status === 0 || status === 429 || (status >= 502 && status <= 504);
      if (!again || attempt === ATTEMPTS) break;
      report(index, { step: "retrying", sent: 0 });
      await pause(Math.min(FIRST_WAIT_MS * 2 ** (attempt - 1), 30_000));
    }
    if (status >= 200 && status < 300) {
      sentCount++;
      report(index, { step: "sent" });
    } else report(index, { step: "failed", status });
  }
  return sentCount;
}
