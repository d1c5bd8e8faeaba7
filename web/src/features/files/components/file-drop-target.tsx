import { useEffect, useRef, useState } from 'react';
import { DropOverlay } from './drop-overlay';

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;

/**
 * SPEC §2: files dragged over the chat screen show the 'Add anything' overlay and dropping attaches them.
 * It listens on its parent element (which must be positioned), so the page can render it only when the
 * endpoint takes files and load it on its own.
 */
export function FileDropTarget({ onFiles }: { onFiles: (files: File[]) => void }) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [over, setOver] = useState(false);
  const onFilesRef = useRef(onFiles);
  useEffect(() => {
    onFilesRef.current = onFiles;
  }, [onFiles]);

  useEffect(() => {
    const area = anchor.current?.parentElement;
    if (!area) return;
    // dragenter and dragleave fire for every child crossed: count them to know when the pointer left.
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setOver(true);
    };
    const overArea = (event: DragEvent) => {
      if (!carriesFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setOver(false);
      onFilesRef.current([...(event.dataTransfer?.files ?? [])]);
    };
    area.addEventListener('dragenter', enter);
    area.addEventListener('dragover', overArea);
    area.addEventListener('dragleave', leave);
    area.addEventListener('drop', drop);
    return () => {
      area.removeEventListener('dragenter', enter);
      area.removeEventListener('dragover', overArea);
      area.removeEventListener('dragleave', leave);
      area.removeEventListener('drop', drop);
    };
  }, []);

  return (
    <>
      <span ref={anchor} hidden />
      {over && <DropOverlay />}
    </>
  );
}
