import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { showSnackbar } from '../notices';
import { useAuthUser } from '../session';
import { deleteMedias, fetchMediaPage, mediaQueryKeys, type Media } from './mediaApi';

/** The gallery's state: the signed-in user's media page by page, the selection and the previewed image. */
export function useMediaGallery() {
  const queryClient = useQueryClient();
  const userId = useAuthUser().data?.id;
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Media[]>([]);
  const [previewed, setPreviewed] = useState<Media | null>(null);

  const query = useQuery({
    queryKey: mediaQueryKeys.page(userId ?? 0, page),
    queryFn: () => fetchMediaPage(userId ?? 0, page),
    enabled: userId !== undefined,
    placeholderData: keepPreviousData,
  });

  const toggle = useCallback((media: Media) => {
    setPreviewed(media);
    setSelected((current) => (current.some((item) => item.id === media.id) ? current.filter((item) => item.id !== media.id) : [...current, media]));
  }, []);

  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: mediaQueryKeys.all }), [queryClient]);

  const deleteSelected = useCallback(async () => {
    const answer = await deleteMedias(selected.map((media) => media.id));
    if (answer.message) showSnackbar({ message: answer.message, variant: 'success' });
    setSelected([]);
    setPreviewed(null);
    await reload();
  }, [reload, selected]);

  const answer = query.data;
  return {
    answer,
    loading: query.isPending,
    page,
    hasPrevious: Boolean(answer?.prev_page_url) || (answer ? answer.current_page > 1 : false),
    hasNext: Boolean(answer?.next_page_url) || (answer ? answer.current_page < answer.last_page : false),
    previous: () => setPage((current) => Math.max(1, current - 1)),
    next: () => setPage((current) => current + 1),
    selected,
    isSelected: (media: Media) => selected.some((item) => item.id === media.id),
    toggle,
    previewed,
    deleteSelected,
    reload,
  };
}

export type MediaGalleryState = ReturnType<typeof useMediaGallery>;
