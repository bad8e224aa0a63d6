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

const lines = (text: string): number => {
  let n = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
  return n;
};

/**
 * Reads a quoted field from after its opening quote to after its closing one, in
 * slices between quotes rather than a character at a time (a file is megabytes).
 */
function quotedField(c: Cursor): { text: string; closed: boolean } {
  let text = '';
  for (;;) {
    const q = c.src.indexOf('"', c.i);
    if (q < 0) {
      const rest = c.src.slice(c.i);
      c.line += lines(rest);
      c.i = c.src.length;
      return { text: text + rest, closed: false };
    }
    const piece = c.src.slice(c.i, q);
    c.line += lines(piece);
    text += piece;
    if (c.src[q + 1] === '"') {
      text += '"';
      c.i = q + 2;
      continue;
    }
    c.i = q + 1;
    return { text, closed: true };
  }
}

const DELIMITER = /[,\r\n]/g;

/** Reads one record, leaving the cursor at the start of the next line. */
function record(c: Cursor): CsvRecord {
  const rec: CsvRecord = { line: c.line, fields: [] };
  for (;;) {
    let field = '';
    if (c.src[c.i] === '"') {
      c.i++;
      const q = quotedField(c);
      field = q.text;
      if (!q.closed) rec.unterminated = true;
    }
    // Unquoted text, or what follows a closing quote, up to the next delimiter.
    DELIMITER.lastIndex = c.i;
    const m = DELIMITER.exec(c.src);
    const end = m ? m.index : c.src.length;
    field += c.src.slice(c.i, end);
    rec.fields.push(field);
    c.i = end;
    if (!m) return rec;
    if (m[0] === ',') {
      c.i++;
      continue;
    }
    c.i += m[0] === '\r' && c.src[c.i + 1] === '\n' ? 2 : 1;
    c.line++;
    return rec;
  }
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
