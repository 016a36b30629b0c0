import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from './http';
import { PagedSchema, PageQuerySchema } from './paged';

/** Spec 02 §3 Media. `sizes.original` is the full image, `sizes.thumb` a copy at most 300 px wide and high. */
export const MediaSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  extension: Type.String(),
  sizes: Type.Object({ thumb: Type.String(), original: Type.String() }),
  created_at: Type.String(),
  user: Type.Object({ username: Type.Union([Type.String(), Type.Null()]) }),
});
export type MediaAnswer = Static<typeof MediaSchema>;

/** GET /medias?page&user_id: the signed-in user's media; another user's only for admins. */
export const MediasQuerySchema = Type.Composite([PageQuerySchema, Type.Object({ user_id: Type.Optional(IdSchema) })]);
export type MediasQuery = Static<typeof MediasQuerySchema>;

export const MediasPageSchema = PagedSchema(MediaSchema);

export const MediaSavedSchema = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
  data: Type.Object({ media: MediaSchema }),
});

export const MediasBulkDeleteBodySchema = Type.Object(
  {
    ids: Type.Array(IdSchema, { minItems: 1, maxItems: 500, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type MediasBulkDeleteBody = Static<typeof MediasBulkDeleteBodySchema>;

/** POST /users/annoucment/uploadimage: where the stored image is served. */
export const UploadedImageSchema = Type.Object({ url: Type.String() });
