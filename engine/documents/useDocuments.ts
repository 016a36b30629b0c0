import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { deleteDocument, documentQueryKeys, fetchDocuments, type Document } from './documentsApi';
import { addTemporaryDocument, clearTemporaryDocuments, removeTemporaryDocument, temporaryDocumentIds } from './tempDocuments';

/**
 * A record's documents. Before the record exists (custom_id 0) they are the temporary uploads kept in
 * local storage; once it exists, listing them also attaches the temporary ones and forgets them locally.
 */
export function useDocuments(type: string, customId: number) {
  const queryClient = useQueryClient();
  const [tempIds, setTempIds] = useState(() => temporaryDocumentIds(type));
  const ids = tempIds;
  const query = useQuery({
    queryKey: documentQueryKeys.list(type, customId, ids),
    queryFn: async () => (customId === 0 && ids.length === 0 ? [] : (await fetchDocuments(type, customId, ids)).data),
  });

  // Listing under a saved record attached the temporary documents: they are no longer temporary.
  useEffect(() => {
    if (customId !== 0 && query.isSuccess && tempIds.length > 0) {
      clearTemporaryDocuments(type);
      setTempIds([]);
    }
  }, [customId, query.isSuccess, tempIds.length, type]);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ['documents', type, customId] }), [customId, queryClient, type]);

  const added = useCallback(
    (document: Document) => {
      if (customId === 0) setTempIds(addTemporaryDocument(type, document.id));
      else void refresh();
    },
    [customId, refresh, type],
  );

  const remove = useCallback(
    async (document: Document) => {
      const message = await deleteDocument(document.id);
      if (customId === 0) setTempIds(removeTemporaryDocument(type, document.id));
      else await refresh();
      return message;
    },
    [customId, refresh, type],
  );

  return { documents: query.data ?? [], loading: query.isPending, added, remove, temporaryIds: tempIds };
}
