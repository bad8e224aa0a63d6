/**
 * CSV as signal tools export it (RFC 4180): comma-separated, fields optionally in double
 * quotes with "" for a quote, line breaks inside quoted fields, CRLF or LF. A record is
 * reported with the line it starts on, so a refusal can point into the file.
 */
export interface CsvRecord {
  /** 1-based line of the text where the record starts. */
  line: number;
  fields: string[];
  /** Set when the text ended inside a quoted field. */
  unterminated?: boolean;
}

interface Cursor {
  src: string;
  i: number;
  line: number;
}

/** Reads a quoted field from after its opening quote to after its closing one. */
function quotedField(c: Cursor): { text: string; closed: boolean } {
  let text = '';
  while (c.i < c.src.length) {
    const ch = c.src[c.i] as string;
    if (ch === '"') {
      if (c.src[c.i + 1] !== '"') {
        c.i++;
        return { text, closed: true };
      }
      text += '"';
      c.i += 2;
      continue;
    }
    if (ch === '\n') c.line++;
    text += ch;
    c.i++;
  }
  return { text, closed: false };
}

/** Reads one record, leaving the cursor at the start of the next line. */
function record(c: Cursor): CsvRecord {
  const rec: CsvRecord = { line: c.line, fields: [] };
  let field = '';
  for (;;) {
    if (c.i >= c.src.length) break;
    const ch = c.src[c.i] as string;
    if (ch === '"' && field.length === 0) {
      c.i++;
      const q = quotedField(c);
      field = q.text;
      if (!q.closed) rec.unterminated = true;
    } else if (ch === ',') {
      rec.fields.push(field);
      field = '';
      c.i++;
    } else if (ch === '\r' || ch === '\n') {
      c.i += ch === '\r' && c.src[c.i + 1] === '\n' ? 2 : 1;
      c.line++;
      break;
    } else {
      field += ch;
      c.i++;
    }
  }
  rec.fields.push(field);
  return rec;
}

export function parseCsv(text: string): CsvRecord[] {
  const c: Cursor = { src: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, i: 0, line: 1 };
  const out: CsvRecord[] = [];
  while (c.i < c.src.length) {
    const rec = record(c);
    // A blank line is no record.
    if (rec.fields.length === 1 && rec.fields[0] === '' && !rec.unterminated) continue;
    out.push(rec);
  }
  return out;
}
