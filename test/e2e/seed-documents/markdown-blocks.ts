/**
 * The fenced code blocks of a Markdown document (``` or ~~~, possibly indented inside a list),
 * with their info string and the line they start on. Only what the seed documents use: no
 * indented (four-space) code blocks, no nested fences.
 */
export interface CodeBlock {
  /** First word of the info string, lower-cased (`yaml`, `bash`, ``); */
  lang: string;
  text: string;
  /** 1-based line of the opening fence. */
  line: number;
}

const OPENING = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/;

export function fencedCodeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPENING.exec(lines[i] ?? '');
    if (!open) continue;
    const [, indent = '', fence = '```', info = ''] = open;
    const closing = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !closing.test(lines[j] ?? ''); j++) {
      const text = lines[j] ?? '';
      body.push(text.startsWith(indent) ? text.slice(indent.length) : text.trimStart());
    }
    blocks.push({ lang: info.toLowerCase(), text: body.join('\n'), line: i + 1 });
    i = j;
  }
  return blocks;
}
