const codes = { red: 31, green: 32, yellow: 33, dim: 2 } as const;

/**
 * Colours text for a stream that is a terminal, unless `NO_COLOR` is set and not empty (https://no-color.org).
 *
 * @param colour - the colour
 * @param text - the text
 * @param stream - where it will be written
 * @returns the text, coloured or as it was
 */
export function paint(colour: keyof typeof codes, text: string, stream: NodeJS.WriteStream): string {
  if (process.env.NO_COLOR || !stream.isTTY) return text;
  return `\u001b[${codes[colour]}m${text}\u001b[0m`;
}
