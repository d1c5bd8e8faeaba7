import { useFileConfig } from '../api/file-config';
import type { Attachment } from '../logic/attachment';
import { uploadsAllowed } from '../logic/uploads-supported';
import type { FilesEndpoint } from '../hooks/use-composer-files';
import { AttachButton } from './attach-button';
import { AttachmentChips } from './attachment-chips';
import { FileDropTarget } from './file-drop-target';

/**
 * The composer's file pieces, loaded as one chunk after the page: the attach button and the drop target
 * (both only for an endpoint that takes files, SPEC §5 Gating) and the chips.
 */
export type ComposerFilesPartProps =
  | { part: 'button'; endpoint: FilesEndpoint | null; disabled: boolean; onFiles: (files: File[]) => void }
  | { part: 'drop'; endpoint: FilesEndpoint | null; disabled: boolean; onFiles: (files: File[]) => void }
  | { part: 'chips'; items: readonly Attachment[]; onRemove: (tempId: string) => void };

export function ComposerFilesPart(props: ComposerFilesPartProps) {
  if (props.part === 'chips') return <AttachmentChips items={props.items} onRemove={props.onRemove} />;
  return <GatedPart {...props} />;
}

function GatedPart(props: Exclude<ComposerFilesPartProps, { part: 'chips' }>) {
  const config = useFileConfig(props.endpoint !== null).data;
  if (!uploadsAllowed(config, props.endpoint)) return null;
  if (props.part === 'button')
    return <AttachButton onFiles={props.onFiles} disabled={props.disabled} endpoint={props.endpoint} />;
  return props.disabled ? null : <FileDropTarget onFiles={props.onFiles} />;
}
