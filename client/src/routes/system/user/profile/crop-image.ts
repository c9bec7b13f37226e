/**
 * Canvas cropping for the avatar dialog (RuoYi userAvatar.vue with vue-cropper: crop box
 * 200x200, png output). The area comes from react-easy-crop's `croppedAreaPixels`, which is
 * measured on the image rotated by `rotation` degrees around its centre.
 */

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Output size of the avatar (spec §9: crop 200x200). */
export const AVATAR_SIZE = 200;

/** Loads an image from a data/blob URL. */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image load failed'));
    img.src = src;
  });
}

/** Bounding box of a w x h rectangle rotated by `deg`. */
export function rotatedSize(width: number, height: number, deg: number): { width: number; height: number } {
  const r = (deg * Math.PI) / 180;
  return {
    width: Math.abs(Math.cos(r) * width) + Math.abs(Math.sin(r) * height),
    height: Math.abs(Math.sin(r) * width) + Math.abs(Math.cos(r) * height),
  };
}

/** Draws the rotated image, cuts `area` out of it and scales it to size x size; resolves a PNG blob. */
export async function cropToPng(src: string, area: PixelArea, rotation: number, size = AVATAR_SIZE): Promise<Blob> {
  const img = await loadImage(src);
  const box = rotatedSize(img.naturalWidth, img.naturalHeight, rotation);
  const stage = document.createElement('canvas');
  stage.width = Math.round(box.width);
  stage.height = Math.round(box.height);
  const sctx = stage.getContext('2d');
  if (!sctx) throw new Error('canvas unavailable');
  sctx.translate(stage.width / 2, stage.height / 2);
  sctx.rotate((rotation * Math.PI) / 180);
  sctx.drawImage(img, -img.naturalWidth / 2, -img.naturalHeight / 2);

  const out = document.createElement('canvas');
  out.width = size;
  out.height = size;
  const octx = out.getContext('2d');
  if (!octx) throw new Error('canvas unavailable');
  octx.imageSmoothingQuality = 'high';
  octx.drawImage(stage, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/png'));
}
