/** Bytes in the printable code of assembly/printable-code.mjs (how the package embeds its core). */
export function encodePrintable(bytes: Uint8Array): string;
