// Numeric codes the core reports; mirrored by the XML_* strings in src/model/errors.ts, in the same
// order (a test checks that the two lists agree).

/** Bumped whenever an export's meaning or a record layout changes. */
export const ABI_VERSION: i32 = 9;

export const enum XmlError {
  None = 0,
  UnexpectedEof = 1,
  InvalidChar = 2,
  InvalidUtf8 = 3,
  InvalidName = 4,
  TagSyntax = 5,
  AttributeSyntax = 6,
  DuplicateAttribute = 7,
  LtInAttribute = 8,
  MismatchedEndTag = 9,
  UnexpectedEndTag = 10,
  UnclosedElement = 11,
  BadEntity = 12,
  BadCharRef = 13,
  CdataEndInText = 14,
  BadComment = 15,
  BadPi = 16,
  DeclNotAtStart = 17,
  BadDecl = 18,
  DoctypeForbidden = 19,
  TextOutsideRoot = 20,
  MultipleRoots = 21,
  NoRoot = 22,
  UnboundPrefix = 23,
  BadNamespaceDecl = 24,
  TooDeep = 25,
  TooManyNames = 26,
}

/** 1 in the SIMD build, 0 in the scalar one (read by src/core/wasm.ts). */
export const SIMD_BUILD: i32 = ASC_FEATURE_SIMD ? 1 : 0;
