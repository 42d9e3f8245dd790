import { requireTaskCreator } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { bundleFromZip } from "./bundle-zip.ts";
import { importTaskBundle } from "./import-task-bundle.ts";

/** The most bytes a bundle zip uploaded through the web may unpack to, counted as they are produced. */
export const MAX_BUNDLE_UNPACKED_BYTES = 256 * 1024 * 1024;

/**
 * Imports a zipped bundle uploaded by `userId`. The organiser role is checked before `readZip` is
 * called, so a participant's upload is refused without a byte of it read or inflated; the zip is
 * then inflated as a stream (see `bundleFromZip`) and imported by `importTaskBundle`.
 */
export async function importTaskBundleZip(
  input: { userId: string; readZip: () => Promise<Uint8Array>; slug?: string; maxUnpackedBytes?: number },
  ctx: PlatformContext = platformContext(),
): Promise<{ id: string; slug: string }> {
  await requireTaskCreator(ctx.db, input.userId);
  const bundle = await bundleFromZip(await input.readZip(), { maxTotalBytes: input.maxUnpackedBytes ?? MAX_BUNDLE_UNPACKED_BYTES });
  return importTaskBundle({ userId: input.userId, bundle, ...(input.slug ? { slug: input.slug } : {}) }, ctx);
}
