import {
  effectiveSettings,
  EXPORT_MIME_TYPES,
  type ExportSettings,
  type ExportSource,
} from './export-options';
import { formatCsv } from './format-csv';
import { formatJson } from './format-json';
import { formatMarkdown } from './format-markdown';
import { formatText } from './format-text';

/** The file content of a text-based export type (the screenshot is made from the page instead). */
export function produceExport(
  source: ExportSource,
  settings: ExportSettings,
): { content: string; mime: string } {
  const applied = effectiveSettings(settings);
  const mime = EXPORT_MIME_TYPES[applied.type];
  switch (applied.type) {
    case 'text':
      return { content: formatText(source, applied), mime };
    case 'markdown':
      return { content: formatMarkdown(source, applied), mime };
    case 'json':
      return { content: formatJson(source, applied), mime };
    case 'csv':
      return { content: formatCsv(source, applied), mime };
    case 'screenshot':
      throw new Error('A screenshot is not a text export');
  }
}
