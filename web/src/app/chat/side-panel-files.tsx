import { lazy, Suspense } from 'react';
import type { FilesPanelProps } from '../../features/files/components/files-panel';

/** Its own chunk, loaded once the side panel is open: the first page of /c/new does not carry it. */
const FilesPanel = lazy(() =>
  import('../../features/files/components/files-panel').then((module) => ({ default: module.FilesPanel })),
);

/** SPEC §2 side panel "attach files": the files feature's panel, below the model picker. */
export function SidePanelFiles(props: FilesPanelProps) {
  return (
    <Suspense fallback={null}>
      <FilesPanel {...props} />
    </Suspense>
  );
}
