import { Type } from '@sinclair/typebox';

export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
export const Text = (maxLength: number) => Type.String({ maxLength });
