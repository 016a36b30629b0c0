import fs from 'node:fs';

export interface Watcher {
  close(): void;
}

/**
 * Calls `onChange` once after a burst of changes in any of the folders settles (editors write a
 * file in several steps). Folders that do not exist are skipped.
 */
export function watchFolders(dirs: readonly string[], onChange: () => void, debounceMs = 150): Watcher {
  let timer: NodeJS.Timeout | null = null;
  const trigger = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      onChange();
    }, debounceMs);
  };
  const watchers = dirs.filter((dir) => fs.existsSync(dir)).map((dir) => fs.watch(dir, { persistent: false }, trigger));
  return {
    close() {
      if (timer) clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
