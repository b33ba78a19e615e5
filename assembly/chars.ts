// Character codes and byte-class tables the tokenizer uses (XML 1.0 fifth edition, UTF-8 input).

export const enum Char {
  Tab = 0x09,
  LineFeed = 0x0a,
  CarriageReturn = 0x0d,
  Space = 0x20,
  Bang = 0x21, // !
  DoubleQuote = 0x22, // "
  Hash = 0x23, // #
  Ampersand = 0x26, // &
  SingleQuote = 0x27, // '
  Dash = 0x2d, // -
  Dot = 0x2e, // .
  Slash = 0x2f, // /
  Zero = 0x30,
  Nine = 0x39,
  Colon = 0x3a, // :
  Semicolon = 0x3b, // ;
  Lt = 0x3c, // <
  Equals = 0x3d, // =
  Gt = 0x3e, // >
  Question = 0x3f, // ?
  UpperA = 0x41,
  UpperF = 0x46,
  UpperZ = 0x5a,
  OpenBracket = 0x5b, // [
  CloseBracket = 0x5d, // ]
  Underscore = 0x5f,
  LowerA = 0x61,
  LowerF = 0x66,
  LowerX = 0x78,
  LowerZ = 0x7a,
}

/** Byte classes for the bulk loops: 0 means "copy and go on" in character data. */
export const enum ByteClass {
  Plain = 0,
  /** `< & ]` \r, C0 controls, and every byte >= 0x80: handled one by one. */
  Special = 1,
}

/** Name classes: bit 1 = may start a name, bit 2 = may continue a name (ASCII; >= 0x80 is both). */
export const enum NameClass {
  Start = 1,
  Continue = 2,
}

// 256-entry tables built once at start-up (static data, never reallocated).
export const TEXT_CLASS: usize = memory.data(256);
export const NAME_CLASS: usize = memory.data(256);

function buildTables(): void {
  for (let b = 0; b < 256; b++) {
    let text = ByteClass.Plain;
    if (b < 0x20 || b >= 0x80 || b == Char.Lt || b == Char.Ampersand || b == Char.CloseBracket) text = ByteClass.Special;
    // \t and \n are plain in text: copied as they are (\r is special: line-end normalisation).
    if (b == Char.Tab || b == Char.LineFeed) text = ByteClass.Plain;
    store<u8>(TEXT_CLASS + b, text);

    let name = 0;
    if ((b >= Char.UpperA && b <= Char.UpperZ) || (b >= Char.LowerA && b <= Char.LowerZ) || b == Char.Underscore || b >= 0x80) {
      name = NameClass.Start | NameClass.Continue;
    } else if ((b >= Char.Zero && b <= Char.Nine) || b == Char.Dash || b == Char.Dot) {
      name = NameClass.Continue;
    }
    store<u8>(NAME_CLASS + b, name);
  }
}
buildTables();

// @ts-ignore: decorator
@inline export function isWhitespace(b: i32): bool {
  return b == Char.Space || b == Char.LineFeed || b == Char.Tab || b == Char.CarriageReturn;
}

// @ts-ignore: decorator
@inline export function isNameStart(b: i32): bool {
  return (load<u8>(NAME_CLASS + <usize>b) & NameClass.Start) != 0;
}

// @ts-ignore: decorator
@inline export function isNameChar(b: i32): bool {
  return (load<u8>(NAME_CLASS + <usize>b) & NameClass.Continue) != 0;
}

/** XML 1.0 `Char` production for a decoded code point. */
// @ts-ignore: decorator
@inline export function isXmlChar(cp: u32): bool {
  return cp >= 0x20 ? (cp < 0xd800 || (cp >= 0xe000 && cp < 0xfffe) || (cp >= 0x10000 && cp <= 0x10ffff))
    : (cp == Char.Tab || cp == Char.LineFeed || cp == Char.CarriageReturn);
}
