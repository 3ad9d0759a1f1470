import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The temporary files of withMultipartForm go to a data folder of this file's own (inside the run's temporary
// folder, removed by the global teardown), so "the temporary folder is empty" can be checked while others upload.
const previousDataDir = vi.hoisted(() => {
  const previous = process.env.DATA_DIR;
  process.env.DATA_DIR = `${process.env.TEST_IMAGES_DIR}/../uploads-data-${process.pid}`;
  return previous;
});

import { diskImageStore, type ImageStore } from "~/platform/images/image-store.server";
import {
  IMAGE_WIDTHS,
  PHOTO_LIMITS,
  removeStoredImage,
  storeUploadedImage,
  UploadError,
  type ImageKind,
  type UploadProblem,
} from "~/platform/images/images.server";
import {
  readMultipartForm,
  UPLOAD_BODY_LIMIT,
  UPLOAD_CONCURRENCY,
  uploadTempRoot,
  withMultipartForm,
  type MultipartUpload,
} from "~/platform/http/multipart.server";

/** The photo upload service: multipart reading with limits, checking and re-encoding with sharp. */

const URL_ = "http://localhost:3000/new-estate";
const LIMITS = { fileFields: ["photos"], maxFiles: PHOTO_LIMITS.maxFiles, maxBytes: PHOTO_LIMITS.maxBytes };

let dir: string;
/** The image store of the direct calls below: the folder `dir`. */
let store: ImageStore;
/** The folder readMultipartForm writes the files of the direct calls below to (a new one per call, inside it). */
let partsRoot: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "aqar-uploads-"));
  store = diskImageStore(dir);
  partsRoot = await fs.mkdtemp(path.join(os.tmpdir(), "aqar-upload-parts-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
  await fs.rm(partsRoot, { recursive: true, force: true });
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
});

/** readMultipartForm with the photo limits (or `limits`), its files written to a new folder of their own. */
async function read(request: Request, limits: Partial<typeof LIMITS> = {}) {
  return readMultipartForm(request, { ...LIMITS, ...limits, dir: await fs.mkdtemp(path.join(partsRoot, "req-")) });
}

// ---------------------------------------------------------------------------------------------------------------
// Fixtures, made with sharp (no binary file in the repository)

/** A noisy image (so encoders have real work), `width` x `height`. */
function noise(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  });
}
const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 40, g: 120, b: 200, alpha: 0.6 } } });

/** A 600x400 JPEG whose EXIF says "rotate 90°" (orientation 6), with a camera make and a GPS position. */
async function exifJpeg(): Promise<Buffer> {
  return noise(600, 400)
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: "TestCam", Model: "Phone 1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "33/1 30/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "36/1 17/1 0/1",
        GPSMapDatum: "WGS-84",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const pngBytes = () => solid(320, 240, 4).png().toBuffer();
const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script>' +
    '<rect width="100" height="100" fill="red"/></svg>',
);
const TEXT = Buffer.from("This is not a photo, just text with a .jpg name.\n");
/** 8000 x 5100 = 40.8 MP: above the limit, yet a small file (one colour). */
const hugePng = () => solid(8000, 5100).png({ compressionLevel: 9 }).toBuffer();

function file(bytes: Uint8Array, name: string, type = "image/jpeg"): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

function post(form: FormData): Request {
  return new Request(URL_, { method: "POST", body: form });
}

async function refusal(promise: Promise<unknown>): Promise<UploadProblem> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UploadError) return error.code;
    throw error;
  }
  throw new Error("expected an UploadError");
}

async function filesIn(d: string): Promise<string[]> {
  return (await fs.readdir(d)).sort();
}

// ---------------------------------------------------------------------------------------------------------------

describe("PHOTO_LIMITS", () => {
  it("are 12 photos of at most 10 MiB and 40 megapixels each", () => {
    expect(PHOTO_LIMITS).toEqual({ maxFiles: 12, maxBytes: 10 * 1024 * 1024, maxPixels: 40_000_000 });
  });

  it("give the body limit of the upload routes: 12 files of 10 MiB and 1 MiB for the rest", () => {
    expect(UPLOAD_BODY_LIMIT).toBe(121 * 1024 * 1024);
    expect(UPLOAD_CONCURRENCY).toEqual({ perAccount: 1, perProcess: 4 });
  });
});

describe("readMultipartForm", () => {
  it("keeps text fields and files, by their bytes whatever their names", async () => {
    const jpeg = await exifJpeg();
    const png = await pngBytes();
    const form = new FormData();
    form.append("title", "شقة في دمشق");
    form.append("price", "1500000");
    form.append("photos", file(jpeg, "IMG_0001.JPG"));
    form.append("photos", file(png, "x.jpg"));
    form.append("notes", "after the files");
    const result = await read(post(form));
    expect(result.problems).toEqual([]);
    expect(result.form.get("title")).toBe("شقة في دمشق");
    expect(result.form.get("price")).toBe("1500000");
    expect(result.form.get("notes")).toBe("after the files");
    expect(result.form.get("photos")).toBeNull();
    expect(result.files.map((f) => [f.field, f.name, f.size])).toEqual([
      ["photos", "IMG_0001.JPG", jpeg.byteLength],
      ["photos", "x.jpg", png.byteLength],
    ]);
    expect((await fs.readFile(result.files[0].path)).equals(jpeg)).toBe(true);
    expect((await fs.readFile(result.files[1].path)).equals(png)).toBe(true);
  });

  it("ignores the browser's 'no file chosen' part and reports a chosen 0-byte file as empty", async () => {
    // What Chrome and Firefox send for a file input left empty (undici's FormData omits the filename instead).
    const body =
      '--B0undary\r\nContent-Disposition: form-data; name="photos"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n' +
      '--B0undary\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--B0undary--\r\n';
    const browser = new Request(URL_, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=B0undary" },
      body,
    });
    let result = await read(browser);
    expect(result).toMatchObject({ files: [], problems: [] });
    expect([...result.form]).toEqual([["title", "x"]]);

    const form = new FormData();
    form.append("photos", new File([], "", { type: "application/octet-stream" }));
    form.append("title", "x");
    result = await read(post(form));
    expect(result).toMatchObject({ files: [], problems: [] });
    expect([...result.form]).toEqual([["title", "x"]]);

    const form2 = new FormData();
    form2.append("photos", file(new Uint8Array(0), "empty.jpg"));
    form2.append("photos", file(await pngBytes(), "ok.png", "image/png"));
    result = await read(post(form2));
    expect(result.problems).toEqual(["empty"]);
    expect(result.files.map((f) => f.name)).toEqual(["ok.png"]);
  });

  it("drops a 50 MB file as tooLarge, reads past it and keeps what follows", async () => {
    const big = randomBytes(50 * 1024 * 1024);
    const png = await pngBytes();
    const form = new FormData();
    form.append("before", "1");
    form.append("photos", file(big, "holiday.jpg"));
    form.append("photos", file(png, "small.png", "image/png"));
    form.append("after", "2");
    const result = await read(post(form));
    expect(result.problems).toEqual(["tooLarge"]);
    expect(result.files).toHaveLength(1);
    expect(result.files[0].name).toBe("small.png");
    expect(result.files[0].size).toBe(png.byteLength);
    expect(result.form.get("before")).toBe("1");
    expect(result.form.get("after")).toBe("2");
  });

  it("keeps a file of exactly maxBytes and refuses one byte more", async () => {
    const form = new FormData();
    form.append("photos", file(new Uint8Array(1000).fill(7), "a.jpg"));
    form.append("photos", file(new Uint8Array(1001).fill(7), "b.jpg"));
    const result = await read(post(form), { maxBytes: 1000 });
    expect(result.files.map((f) => [f.name, f.size])).toEqual([["a.jpg", 1000]]);
    expect(result.problems).toEqual(["tooLarge"]);
  });

  it("keeps 12 of 13 files and reports tooMany", async () => {
    const png = await pngBytes();
    const form = new FormData();
    for (let i = 1; i <= 13; i++) form.append("photos", file(png, `p${i}.png`, "image/png"));
    form.append("title", "thirteen");
    const result = await read(post(form));
    expect(result.files).toHaveLength(12);
    expect(result.files.map((f) => f.name)).toEqual(Array.from({ length: 12 }, (_, i) => `p${i + 1}.png`));
    expect(result.problems).toEqual(["tooMany"]);
    expect(result.form.get("title")).toBe("thirteen");
  });

  it("reads but drops file parts of fields that are not file fields", async () => {
    const form = new FormData();
    form.append("avatar", file(await pngBytes(), "a.png", "image/png"));
    form.append("photos", file(await pngBytes(), "b.png", "image/png"));
    const result = await read(post(form));
    expect(result.files.map((f) => [f.field, f.name])).toEqual([["photos", "b.png"]]);
    expect(result.form.get("avatar")).toBeNull();
    expect(result.problems).toEqual([]);
  });

  it("reads an urlencoded body into form", async () => {
    const request = new Request(URL_, {
      method: "POST",
      body: new URLSearchParams({ title: "بيت عربي", price: "42", empty: "" }),
    });
    expect(request.headers.get("Content-Type")).toMatch(/^application\/x-www-form-urlencoded/);
    const result = await read(request);
    expect(Object.fromEntries(result.form)).toEqual({ title: "بيت عربي", price: "42", empty: "" });
    expect(result.files).toEqual([]);
    expect(result.problems).toEqual([]);
  });

  it("keeps at most 1 MiB of text: a larger urlencoded body gives an empty form, a larger multipart field is dropped", async () => {
    const big = "ب".repeat(600 * 1024); // 1.2 MB in UTF-8
    const urlencoded = new Request(URL_, { method: "POST", body: new URLSearchParams({ title: "x", notes: big }) });
    expect([...(await read(urlencoded)).form]).toEqual([]);

    const form = new FormData();
    form.append("title", "x");
    form.append("notes", big);
    form.append("price", "42");
    const result = await read(post(form));
    expect([...result.form]).toEqual([
      ["title", "x"],
      ["price", "42"],
    ]);
  });

  it("accepts a quoted boundary and a boundary that is not the last parameter", async () => {
    const body =
      '--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n' +
      '--XyZ\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc\r\n' +
      "--XyZ--\r\n";
    for (const contentType of ['multipart/form-data; boundary="XyZ"', "Multipart/Form-Data; boundary=XyZ; charset=utf-8"]) {
      const result = await read(new Request(URL_, { method: "POST", headers: { "Content-Type": contentType }, body }));
      expect(result.form.get("title")).toBe("hello");
      expect(await Promise.all(result.files.map(async (f) => [f.name, await fs.readFile(f.path, "utf8")]))).toEqual([
        ["a.jpg", "abc"],
      ]);
    }
  });

  it("gives an empty result, never an exception, for malformed bodies", async () => {
    const cases: { contentType: string | null; body: BodyInit | null }[] = [
      {
        contentType: "multipart/form-data; boundary=XyZ",
        body: '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
      },
      { contentType: "multipart/form-data; boundary=XyZ", body: "--XyZ\r\nNo-Colon-Header\r\n\r\nx\r\n--XyZ--\r\n" },
      {
        contentType: "multipart/form-data; boundary=XyZ",
        body: "--XyZ\r\nContent-Disposition: attachment\r\n\r\nx\r\n--XyZ--\r\n",
      },
      { contentType: "multipart/form-data", body: "no boundary at all" },
      { contentType: "multipart/form-data; boundary=XyZ", body: "" },
      { contentType: "application/json", body: '{"title":"x"}' },
      { contentType: null, body: null },
    ];
    for (const { contentType, body } of cases) {
      const headers = contentType ? { "Content-Type": contentType } : undefined;
      const request = new Request(URL_, { method: "POST", headers, body });
      const result = await read(request);
      expect([...result.form.keys()], String(contentType)).toEqual([]);
      expect(result.files).toEqual([]);
      expect(result.problems).toEqual([]);
    }
  });

  it("stops reading a body whose part headers never end, without buffering it", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('--XyZ\r\nContent-Disposition: form-data; name="a"; x="'));
      },
      pull(controller) {
        // 200 MB of one header line if nobody stops reading.
        if (sent >= 200 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request(URL_, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
      body,
      duplex: "half",
    } as RequestInit);
    const result = await read(request);
    expect([...result.form.keys()]).toEqual([]);
    expect(result.files).toEqual([]);
    expect(sent).toBeLessThan(4 * 1024 * 1024);
  });
});

describe("storeUploadedImage", () => {
  async function expectStored(file: string, kind: ImageKind, sizes: [number, number][]) {
    expect(file).toMatch(/^u-[0-9a-f-]{36}$/);
    for (const [i, width] of IMAGE_WIDTHS[kind].entries()) {
      const target = path.join(dir, `${file}-${width}.webp`);
      const meta = await sharp(target).metadata();
      expect(meta.format).toBe("webp");
      expect([meta.width, meta.height]).toEqual(sizes[i]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  }

  it("applies the EXIF orientation and removes EXIF and GPS (a small photo is not enlarged)", async () => {
    const jpeg = await exifJpeg();
    const source = await sharp(jpeg).metadata();
    // the fixture really carries what must go: orientation, camera and GPS position
    expect(source.orientation).toBe(6);
    expect([source.width, source.height]).toEqual([600, 400]);
    expect(source.exif?.includes("TestCam")).toBe(true);
    expect(source.exif?.includes("WGS-84")).toBe(true);

    const stored = await storeUploadedImage(jpeg, "photo", store);
    // portrait after rotation; 400 wide is all the source has, so the 800 file is not enlarged
    expect(stored).toEqual({ file: stored.file, width: 400, height: 600 });
    await expectStored(stored.file, "photo", [
      [400, 600],
      [400, 600],
    ]);
    for (const width of IMAGE_WIDTHS.photo) {
      const bytes = await fs.readFile(path.join(dir, `${stored.file}-${width}.webp`));
      expect(bytes.includes("TestCam")).toBe(false);
      expect(bytes.includes("WGS-84")).toBe(false);
      expect(bytes.includes("EXIF")).toBe(false);
    }
  });

  it("keeps a photo's aspect ratio in every width", async () => {
    const stored = await storeUploadedImage(await noise(2000, 1000).jpeg().toBuffer(), "photo", store);
    expect(stored).toMatchObject({ width: 800, height: 400 });
    await expectStored(stored.file, "photo", [
      [400, 200],
      [800, 400],
    ]);
  });

  it("crops logos square and covers to 16:9, never enlarging", async () => {
    const logo = await storeUploadedImage(await solid(300, 200, 4).png().toBuffer(), "logo", store);
    expect(logo).toMatchObject({ width: 192, height: 192 });
    await expectStored(logo.file, "logo", [
      [96, 96],
      [192, 192],
    ]);
    const smallLogo = await storeUploadedImage(await solid(50, 80).png().toBuffer(), "logo", store);
    expect(smallLogo).toMatchObject({ width: 50, height: 50 });
    await expectStored(smallLogo.file, "logo", [
      [50, 50],
      [50, 50],
    ]);
    const cover = await storeUploadedImage(await noise(1000, 1000).jpeg().toBuffer(), "cover", store);
    expect(cover).toMatchObject({ width: 800, height: 450 });
    await expectStored(cover.file, "cover", [
      [400, 225],
      [800, 450],
    ]);
  });

  it("accepts a PNG named x.jpg and other real images by their bytes", async () => {
    const form = new FormData();
    form.append("photos", file(await pngBytes(), "x.jpg"));
    const { files } = await read(post(form));
    expect(files).toHaveLength(1);
    const stored = await storeUploadedImage(files[0].path, "photo", store);
    expect(stored).toMatchObject({ width: 320, height: 240 });
    const meta = await sharp(path.join(dir, `${stored.file}-800.webp`)).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.hasAlpha).toBe(true);

    for (const bytes of [
      await noise(500, 300).webp().toBuffer(),
      await solid(500, 300).gif().toBuffer(),
      await noise(500, 300).avif({ effort: 0 }).toBuffer(),
    ]) {
      // 500 wide: the 800 file keeps 500 (never enlarged)
      expect(await storeUploadedImage(bytes, "photo", store)).toMatchObject({ width: 500, height: 300 });
    }
  });

  it("refuses non-images, SVG, TIFF, broken and empty files with an UploadError and writes nothing", async () => {
    const before = await filesIn(dir);
    const jpeg = await noise(600, 400).jpeg().toBuffer();
    expect(await refusal(storeUploadedImage(SVG_WITH_SCRIPT, "photo", store))).toBe("notImage");
    expect(await refusal(storeUploadedImage(TEXT, "photo", store))).toBe("notImage");
    expect(await refusal(storeUploadedImage(await solid(60, 40).tiff().toBuffer(), "photo", store))).toBe("notImage");
    expect(await refusal(storeUploadedImage(jpeg.subarray(0, jpeg.length / 2), "photo", store))).toBe("notImage");
    expect(await refusal(storeUploadedImage(randomBytes(4096), "photo", store))).toBe("notImage");
    expect(await refusal(storeUploadedImage(new Uint8Array(0), "photo", store))).toBe("empty");
    expect(await refusal(storeUploadedImage(new Uint8Array(PHOTO_LIMITS.maxBytes + 1), "photo", store))).toBe("tooLarge");
    expect(await filesIn(dir)).toEqual(before);
  });

  it("refuses more than 40 megapixels without decoding them", async () => {
    const png = await hugePng();
    expect(png.byteLength).toBeLessThan(PHOTO_LIMITS.maxBytes);
    const before = await filesIn(dir);
    const started = performance.now();
    expect(await refusal(storeUploadedImage(png, "photo", store))).toBe("tooManyPixels");
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await filesIn(dir)).toEqual(before);
  });

  it("handles every bad file of an upload, from the form to the store, without an unexpected error", async () => {
    const form = new FormData();
    form.append("photos", file(await pngBytes(), "x.jpg"));
    form.append("photos", file(SVG_WITH_SCRIPT, "logo.svg", "image/svg+xml"));
    form.append("photos", file(TEXT, "notes.jpg"));
    form.append("photos", file(await hugePng(), "huge.png", "image/png"));
    form.append("photos", file(new Uint8Array(0), "zero.jpg"));
    form.append("photos", file(randomBytes(PHOTO_LIMITS.maxBytes + 1), "big.jpg"));
    const { files, problems } = await read(post(form));
    expect(problems).toEqual(["empty", "tooLarge"]);
    const outcomes: string[] = [];
    for (const f of files) {
      try {
        await storeUploadedImage(f.path, "photo", store);
        outcomes.push(`${f.name}: stored`);
      } catch (error) {
        expect(error).toBeInstanceOf(UploadError);
        outcomes.push(`${f.name}: ${(error as UploadError).code}`);
      }
    }
    expect(outcomes).toEqual(["x.jpg: stored", "logo.svg: notImage", "notes.jpg: notImage", "huge.png: tooManyPixels"]);
  });
});

describe("removeStoredImage", () => {
  it("removes every width of an uploaded image and ignores missing files", async () => {
    const stored = await storeUploadedImage(await pngBytes(), "cover", store);
    const names = IMAGE_WIDTHS.cover.map((w) => `${stored.file}-${w}.webp`);
    for (const name of names) await expect(fs.access(path.join(dir, name))).resolves.toBeUndefined();
    await fs.rm(path.join(dir, names[0]));
    await removeStoredImage(stored.file, "cover", store);
    expect((await filesIn(dir)).filter((n) => n.startsWith(stored.file))).toEqual([]);
    await expect(removeStoredImage(stored.file, "cover", store)).resolves.toBeUndefined();
  });

  it("leaves names it did not make (shared seed photos, paths) alone", async () => {
    const seed = path.join(dir, "seed-photo-1-400.webp");
    await fs.writeFile(seed, "shared");
    await removeStoredImage("seed-photo-1", "photo", store);
    await removeStoredImage("../seed-photo-1", "photo", store);
    expect(await fs.readFile(seed, "utf8")).toBe("shared");
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Files on disk, not in memory; temporary files removed; one upload per account, four per process.

const BOUNDARY = "HeldB0undary";
const encoder = new TextEncoder();
const concat = (...parts: Uint8Array[]) => Buffer.concat(parts.map((p) => Buffer.from(p)));

/**
 * A multipart upload whose body the test sends in two steps: the text fields, the file's part header and the first
 * half of its bytes at once, the rest (and the closing boundary) when `finish` is called, or a broken connection
 * with `abort`. Until then whoever reads the body waits, as with a slow phone.
 */
function heldUpload(fields: Record<string, string>, name: string, bytes: Uint8Array) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const text = Object.entries(fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join("");
  const half = Math.floor(bytes.byteLength / 2);
  controller.enqueue(
    concat(
      encoder.encode(
        `${text}--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes.subarray(0, half),
    ),
  );
  const request = new Request(URL_, {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: "half",
  } as RequestInit);
  return {
    request,
    finish() {
      controller.enqueue(concat(bytes.subarray(half), encoder.encode(`\r\n--${BOUNDARY}--\r\n`)));
      controller.close();
    },
    abort() {
      controller.error(new Error("connection reset"));
    },
  };
}

/** What `use` saw of an upload, taken inside it (while its temporary files exist). */
async function seen(upload: MultipartUpload) {
  const onDisk = await Promise.all(upload.files.map(async (f) => (await fs.stat(f.path)).size));
  const tempFiles = await tempFileCount();
  return {
    busy: upload.busy,
    problems: upload.problems,
    text: Object.fromEntries([...upload.form].map(([k, v]) => [k, String(v)])),
    files: upload.files.map((f) => [f.name, f.size]),
    paths: upload.files.map((f) => f.path),
    onDisk,
    tempFiles,
  };
}

/** Files in the request folders of the temporary folder (uploads under way). */
async function tempFileCount(): Promise<number> {
  const folders = await fs.readdir(uploadTempRoot()).catch(() => [] as string[]);
  const inFolders = await Promise.all(folders.map((d) => fs.readdir(path.join(uploadTempRoot(), d)).catch(() => [])));
  return inFolders.flat().length;
}

/** The temporary folder holds nothing (no request folder, no file). */
async function expectTempEmpty() {
  expect(await fs.readdir(uploadTempRoot()).catch(() => [])).toEqual([]);
}

const photoLimits = (account: string) => ({ ...LIMITS, account });

describe("withMultipartForm", () => {
  it("streams files to temporary files, refuses one over the limit without keeping any of it, and removes them all after success", async () => {
    const png = await pngBytes();
    const form = new FormData();
    form.append("title", "بيت عربي");
    form.append("photos", file(randomBytes(PHOTO_LIMITS.maxBytes + 1), "big.jpg"));
    form.append("photos", file(png, "small.png", "image/png"));
    const result = await withMultipartForm(post(form), photoLimits("over-limit"), seen);
    expect(result).toMatchObject({
      busy: false,
      problems: ["tooLarge"],
      text: { title: "بيت عربي" },
      files: [["small.png", png.byteLength]],
    });
    // only the accepted file was on disk, whole; nothing of the refused one
    expect(result.onDisk).toEqual([png.byteLength]);
    expect(result.tempFiles).toBe(1);
    for (const p of result.paths) expect(existsSync(p)).toBe(false);
    await expectTempEmpty();
  });

  it("removes the temporary files when the handler fails, and after a cut-off body", async () => {
    const form = new FormData();
    form.append("photos", file(await pngBytes(), "a.png", "image/png"));
    form.append("photos", file(await pngBytes(), "b.png", "image/png"));
    let paths: string[] = [];
    const failing = withMultipartForm(post(form), photoLimits("failure"), async (upload) => {
      paths = upload.files.map((f) => f.path);
      for (const p of paths) expect(existsSync(p)).toBe(true);
      throw new Error("the database went away");
    });
    await expect(failing).rejects.toThrow("the database went away");
    expect(paths).toHaveLength(2);
    for (const p of paths) expect(existsSync(p)).toBe(false);
    await expectTempEmpty();

    const held = heldUpload({ title: "x" }, "cut.png", await pngBytes());
    const cut = withMultipartForm(held.request, photoLimits("cut-off"), seen);
    await vi.waitFor(async () => expect((await fs.readdir(uploadTempRoot())).length).toBe(1));
    held.abort();
    expect(await cut).toMatchObject({ busy: false, problems: [], files: [], text: {} });
    await expectTempEmpty();
  });

  it("takes one upload per account: a second at the same time is busy, its text kept and its files dropped", async () => {
    const png = await pngBytes();
    const first = heldUpload({ title: "first" }, "first.png", png);
    const running = withMultipartForm(first.request, photoLimits("same-account"), seen);
    // the first upload is under way: its partial file is on disk
    await vi.waitFor(async () => expect(await tempFileCount()).toBe(1));

    const second = new FormData();
    second.append("title", "شقة للبيع");
    second.append("photos", file(png, "second.png", "image/png"));
    const refused = await withMultipartForm(post(second), photoLimits("same-account"), seen);
    // nothing of the refused upload reached the disk: the one file there is the first upload's
    expect(refused).toMatchObject({ busy: true, problems: ["busy"], text: { title: "شقة للبيع" }, files: [], tempFiles: 1 });

    // another account is not held up, nor a form of the same account without a chosen file
    const other = new FormData();
    other.append("photos", file(png, "other.png", "image/png"));
    expect(await withMultipartForm(post(other), photoLimits("another-account"), seen)).toMatchObject({
      busy: false,
      files: [["other.png", png.byteLength]],
    });
    const noFile = new FormData();
    noFile.append("title", "no photo");
    noFile.append("photos", new File([], "", { type: "application/octet-stream" }));
    expect(await withMultipartForm(post(noFile), photoLimits("same-account"), seen)).toMatchObject({
      busy: false,
      problems: [],
      text: { title: "no photo" },
    });

    first.finish();
    expect(await running).toMatchObject({
      busy: false,
      problems: [],
      text: { title: "first" },
      files: [["first.png", png.byteLength]],
    });
    // the account's slot is free again
    expect(await withMultipartForm(post(second), photoLimits("same-account"), seen)).toMatchObject({
      busy: false,
      files: [["second.png", png.byteLength]],
    });
    await expectTempEmpty();
  });

  it("takes four uploads in the process at once: a fifth is busy until one ends; urlencoded posts take no slot", async () => {
    const png = await pngBytes();
    const held = Array.from({ length: UPLOAD_CONCURRENCY.perProcess }, (_, i) =>
      heldUpload({ n: String(i) }, `held-${i}.png`, png),
    );
    const running = held.map((h, i) => withMultipartForm(h.request, photoLimits(`process-${i}`), seen));

    const fifth = new FormData();
    fifth.append("title", "fifth");
    fifth.append("photos", file(png, "fifth.png", "image/png"));
    expect(await withMultipartForm(post(fifth), photoLimits("process-5"), seen)).toMatchObject({
      busy: true,
      problems: ["busy"],
      text: { title: "fifth" },
      files: [],
    });
    const plain = new Request(URL_, { method: "POST", body: new URLSearchParams({ intent: "publish" }) });
    expect(await withMultipartForm(plain, photoLimits("process-6"), seen)).toMatchObject({
      busy: false,
      text: { intent: "publish" },
    });

    held[0].finish();
    expect(await running[0]).toMatchObject({ busy: false, files: [["held-0.png", png.byteLength]] });
    expect(await withMultipartForm(post(fifth), photoLimits("process-5"), seen)).toMatchObject({
      busy: false,
      files: [["fifth.png", png.byteLength]],
    });

    for (const h of held.slice(1)) h.finish();
    const rest = await Promise.all(running.slice(1));
    expect(rest.map((r) => ({ files: r.files, problems: r.problems, text: r.text }))).toEqual(
      [1, 2, 3].map((i) => ({ files: [[`held-${i}.png`, png.byteLength]], problems: [], text: { n: String(i) } })),
    );
    await expectTempEmpty();
  });
});
