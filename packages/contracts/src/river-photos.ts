import { z } from 'zod';

/** A camera's key in the `camera` table, as used in the river photo paths. */
export const cameraSlugSchema = z
  .string()
  .min(1, 'A camera key is required')
  .max(64, 'A camera key has at most 64 characters')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'A camera key has lower-case letters, digits and dashes only');

/** A mask file's name (no folders): letters, digits, dot, dash and underscore, ending in .png. */
export const maskFileNameSchema = z
  .string()
  .min(1, 'A mask file name is required')
  .max(128, 'A mask file name has at most 128 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*\.png$/, 'A mask file name is a plain PNG file name such as "western.png", without folders');

/**
 * POST /api/river-photos. The spec's body names the camera by its URL; the URL must
 * be one stored in `camera` (the server never fetches any other). `camera` (the key) is the
 * shorter way the web app uses; exactly one of the two is given.
 */
export const riverPhotoRequestSchema = z
  .object({
    cameraUrl: z.string().trim().min(1, 'A camera URL is required').max(2048, 'A camera URL has at most 2048 characters').optional(),
    camera: cameraSlugSchema.optional(),
    maskFileName: maskFileNameSchema.optional(),
  })
  .strict()
  .refine((b) => (b.cameraUrl === undefined) !== (b.camera === undefined), {
    message: 'Give either cameraUrl or camera, not both and not neither',
  });
export type RiverPhotoRequest = z.infer<typeof riverPhotoRequestSchema>;

/** Image types the camera proxy passes on. SVG is left out on purpose: it can carry scripts. */
export const CAMERA_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
