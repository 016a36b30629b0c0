import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useRef } from 'react';
import { fromPromise } from 'xstate';
import { uploadQueueMachine, type QueuedFile, type UploadInput } from '../../machines/media/uploadQueueMachine';
import { uploadMedia } from './mediaApi';

let nextFileId = 1;

/**
 * The media upload queue bound to the server: files go to POST /medias one after another,
 * progress flows back into the machine, and `onFinished` runs once the queue is empty.
 */
export function useUploadQueue(onFinished: () => Promise<unknown> | void) {
  const pendingFiles = useRef(new Map<string, File>());
  const finished = useRef(onFinished);
  finished.current = onFinished;
  const send = useRef<(event: { type: 'PROGRESS'; id: string; percent: number }) => void>(() => undefined);

  const actor = useActorRef(
    uploadQueueMachine.provide({
      actors: {
        upload: fromPromise<unknown, UploadInput>(async ({ input }) => {
          const file = pendingFiles.current.get(input.id);
          if (!file) throw new Error(`The file ${input.name} is no longer available.`);
          try {
            return await uploadMedia(file, (percent) => send.current({ type: 'PROGRESS', id: input.id, percent }));
          } finally {
            pendingFiles.current.delete(input.id);
          }
        }),
        reloadGallery: fromPromise<unknown, void>(async () => finished.current()),
      },
    }),
  );
  send.current = (event) => actor.send(event);

  const files = useSelector(actor, (snapshot): QueuedFile[] => snapshot.context.files);
  const add = useCallback(
    (dropped: readonly File[]) => {
      const entries = dropped.map((file) => {
        const id = `upload-${nextFileId++}`;
        pendingFiles.current.set(id, file);
        return { id, name: file.name };
      });
      actor.send({ type: 'ADD', files: entries });
      // The machine drops what it does not accept; forget those files here too.
      const queued = new Set(actor.getSnapshot().context.files.map((file) => file.id));
      for (const { id } of entries) if (!queued.has(id)) pendingFiles.current.delete(id);
    },
    [actor],
  );
  const clear = useCallback(() => actor.send({ type: 'CLEAR' }), [actor]);
  return { files, add, clear };
}
