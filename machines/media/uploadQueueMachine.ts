import { assign, fromPromise, setup } from 'xstate';
import { filesWithExtensions } from '../../schemas/uploadSelection';
import { IMAGE_EXTENSIONS } from '../../schemas/uploads';

/** Spec 02 §4: a file is waiting (0), uploading (1…99), uploaded (100) or failed. */
export type UploadStatus = 'waiting' | 'uploading' | 'uploaded' | 'failed';

/** A file in the queue; the File itself stays with the caller, keyed by `id`. */
export interface QueuedFile {
  id: string;
  name: string;
  status: UploadStatus;
  progress: number;
}

export interface UploadQueueContext {
  files: QueuedFile[];
  /** The id of the file being uploaded, null between uploads. */
  current: string | null;
}

export type UploadQueueEvent =
  { type: 'ADD'; files: Array<{ id: string; name: string }> } | { type: 'PROGRESS'; id: string; percent: number } | { type: 'CLEAR' };

/** What the injected `upload` actor receives. */
export interface UploadInput {
  id: string;
  name: string;
}

function notProvided(name: string): never {
  throw new Error(`uploadQueueMachine: provide the '${name}' actor with uploadQueueMachine.provide({ actors: { ${name} } })`);
}

function accepted(event: UploadQueueEvent): QueuedFile[] {
  if (event.type !== 'ADD') return [];
  return filesWithExtensions(event.files, IMAGE_EXTENSIONS).map(({ id, name }) => ({ id, name, status: 'waiting', progress: 0 }));
}

function update(files: QueuedFile[], id: string | null, change: Partial<QueuedFile>): QueuedFile[] {
  return files.map((file) => (file.id === id ? { ...file, ...change } : file));
}

/**
 * The media upload queue (spec 02 §4): images upload one after another, each with its progress;
 * a failure marks that file failed (no message) and the queue goes on; once the queue is empty the
 * gallery reloads. Files other than png, gif, jpg and jpeg are dropped silently.
 * Injected actors: `upload({id, name})` resolves when the server stored the file; `reloadGallery()`.
 * Progress arrives as PROGRESS events from whoever performs the upload.
 */
export const uploadQueueMachine = setup({
  types: {
    context: {} as UploadQueueContext,
    events: {} as UploadQueueEvent,
  },
  actors: {
    upload: fromPromise<unknown, UploadInput>(async () => notProvided('upload')),
    reloadGallery: fromPromise<unknown, void>(async () => notProvided('reloadGallery')),
  },
  guards: {
    hasAcceptedFiles: ({ event }) => accepted(event).length > 0,
    hasWaitingFile: ({ context }) => context.files.some((file) => file.status === 'waiting'),
    isCurrentFile: ({ context, event }) => event.type === 'PROGRESS' && event.id === context.current,
  },
  actions: {
    enqueue: assign({ files: ({ context, event }) => [...context.files, ...accepted(event)] }),
    startNext: assign(({ context }) => {
      const next = context.files.find((file) => file.status === 'waiting') ?? null;
      return { current: next?.id ?? null, files: update(context.files, next?.id ?? null, { status: 'uploading', progress: 1 }) };
    }),
    setProgress: assign({
      files: ({ context, event }) => {
        if (event.type !== 'PROGRESS') return context.files;
        const percent = Math.min(99, Math.max(1, Math.round(event.percent)));
        return update(context.files, context.current, { progress: percent });
      },
    }),
    markUploaded: assign(({ context }) => ({ files: update(context.files, context.current, { status: 'uploaded', progress: 100 }), current: null })),
    markFailed: assign(({ context }) => ({ files: update(context.files, context.current, { status: 'failed' }), current: null })),
    forgetFinished: assign({ files: ({ context }) => context.files.filter((file) => file.status === 'waiting' || file.status === 'uploading') }),
  },
}).createMachine({
  id: 'uploadQueue',
  initial: 'idle',
  context: { files: [], current: null },
  states: {
    idle: {
      on: {
        ADD: { guard: 'hasAcceptedFiles', target: 'next', actions: 'enqueue' },
        CLEAR: { actions: 'forgetFinished' },
      },
    },
    next: {
      always: [{ guard: 'hasWaitingFile', target: 'uploading' }, { target: 'reloading' }],
    },
    uploading: {
      entry: 'startNext',
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }): UploadInput => {
          const file = context.files.find((candidate) => candidate.id === context.current);
          if (!file) throw new Error('uploadQueueMachine: uploading entered without a waiting file');
          return { id: file.id, name: file.name };
        },
        onDone: { target: 'next', actions: 'markUploaded' },
        // Spec 02 §7: a failed media upload marks the file failed without a message.
        onError: { target: 'next', actions: 'markFailed' },
      },
      on: {
        PROGRESS: { guard: 'isCurrentFile', actions: 'setProgress' },
        ADD: { actions: 'enqueue' },
      },
    },
    reloading: {
      invoke: { id: 'reloadGallery', src: 'reloadGallery', onDone: 'idle', onError: 'idle' },
      on: { ADD: { guard: 'hasAcceptedFiles', target: 'next', actions: 'enqueue' } },
    },
  },
});
