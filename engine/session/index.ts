export { createQueryClient } from './createQueryClient';
export { sessionQueryKeys } from './sessionQueryKeys';
export { fetchAuthUser, useAuthUser } from './useAuthUser';
export { fetchOptions, useOptions } from './useOptions';
export { useCan } from './useCan';
export { useCapabilities } from './useCapabilities';
export { useSignIn } from './useSignIn';
export { useSignOut } from './useSignOut';
