//! nginx's configuration syntax (`ngx_conf_file.c`): tokens separated by white space, `;`
//! ending a directive, `{ … }` blocks, `#` comments, `"…"` and `'…'` quoting with `\` escapes.

use crate::input::limits::MAX_DEPTH;
use crate::input::text::{Position, Word};
use crate::input::upstream::error::UpstreamError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Kind {
    Word(String),
    Semicolon,
    Open,
    Close,
    Comment(String),
}

/// What the lexer reads: a word, `;`, `{`, `}` or a comment, and where it starts.
#[derive(Debug, Clone)]
pub(super) struct Lexeme {
    pub(super) kind: Kind,
    pub(super) line: usize,
    pub(super) column: usize,
}

pub(super) fn tokenize(text: &str) -> Result<Vec<Lexeme>, UpstreamError> {
    let mut tokens = Vec::new();
    let mut chars = text.chars().peekable();
    let (mut line, mut column) = (1usize, 0usize);
    // Advances one character, keeping line and column.
    macro_rules! bump {
        () => {{
            let c = chars.next();
            if c == Some('\n') {
                line += 1;
                column = 0;
            } else if c.is_some() {
                column += 1;
            }
            c
        }};
    }
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            bump!();
            continue;
        }
        let (start_line, start_column) = (line, column + 1);
        let single = match c {
            ';' => Some(Kind::Semicolon),
            '{' => Some(Kind::Open),
            '}' => Some(Kind::Close),
            _ => None,
        };
        if let Some(kind) = single {
            bump!();
            tokens.push(Lexeme {
                kind,
                line: start_line,
                column: start_column,
            });
            continue;
        }
        if c == '#' {
            bump!();
            let mut comment = String::new();
            while let Some(&c) = chars.peek() {
                if c == '\n' {
                    break;
                }
                comment.push(c);
                bump!();
            }
            tokens.push(Lexeme {
                kind: Kind::Comment(comment),
                line: start_line,
                column: start_column,
            });
            continue;
        }
        let mut word = String::new();
        if c == '"' || c == '\'' {
            let quote = c;
            bump!();
            loop {
                match bump!() {
                    None => {
                        return Err(UpstreamError::UnclosedQuote {
                            line: start_line,
                            column: start_column,
                        })
                    }
                    Some('\\') => match bump!() {
                        Some(escaped) => word.push(escaped),
                        None => {
                            return Err(UpstreamError::UnclosedQuote {
                                line: start_line,
                                column: start_column,
                            })
                        }
                    },
                    Some(c) if c == quote => break,
                    Some(c) => word.push(c),
                }
            }
        } else {
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || matches!(c, ';' | '{' | '}') {
                    break;
                }
                bump!();
                if c == '\\' {
                    if let Some(escaped) = bump!() {
                        word.push(escaped);
                    }
                } else {
                    word.push(c);
                }
            }
        }
        tokens.push(Lexeme {
            kind: Kind::Word(word),
            line: start_line,
            column: start_column,
        });
    }
    Ok(tokens)
}

// ── reading: directives ─────────────────────────────────────────────────────────────────────

#[derive(Debug, Clone)]
pub(super) struct Directive {
    pub(super) name: Word,
    pub(super) args: Vec<Word>,
    pub(super) block: Option<Vec<Directive>>,
    /// A comment after the `;` on the same line.
    pub(super) comment: Option<String>,
}

pub(super) struct Parser {
    pub(super) tokens: Vec<Lexeme>,
    pub(super) pos: usize,
}

impl Parser {
    pub(super) fn next(&mut self) -> Option<Lexeme> {
        let token = self.tokens.get(self.pos).cloned();
        self.pos += 1;
        token
    }

    /// Directives until the matching `}` (`opened`: the line and name of the block) or the end.
    pub(super) fn block(
        &mut self,
        depth: usize,
        opened: Option<(usize, &str)>,
    ) -> Result<Vec<Directive>, UpstreamError> {
        let mut directives = Vec::new();
        loop {
            let Some(token) = self.next() else {
                return match opened {
                    Some((line, name)) => Err(UpstreamError::Unclosed {
                        line,
                        name: name.to_string(),
                    }),
                    None => Ok(directives),
                };
            };
            match token.kind {
                Kind::Comment(_) | Kind::Semicolon => {}
                Kind::Close => {
                    return if opened.is_some() {
                        Ok(directives)
                    } else {
                        Err(UpstreamError::UnexpectedClose {
                            line: token.line,
                            column: token.column,
                        })
                    };
                }
                Kind::Open => {
                    return Err(UpstreamError::UnexpectedToken {
                        line: token.line,
                        column: token.column,
                        token: "{".into(),
                    })
                }
                Kind::Word(text) => {
                    let name = Word {
                        text,
                        position: Position {
                            line: token.line,
                            column: token.column,
                        },
                    };
                    directives.push(self.directive(name, depth)?);
                }
            }
        }
    }

    pub(super) fn directive(
        &mut self,
        name: Word,
        depth: usize,
    ) -> Result<Directive, UpstreamError> {
        let mut args = Vec::new();
        loop {
            let Some(token) = self.next() else {
                return Err(UpstreamError::MissingSemicolon {
                    line: name.position.line,
                    name: name.text,
                });
            };
            match token.kind {
                Kind::Word(text) => args.push(Word {
                    text,
                    position: Position {
                        line: token.line,
                        column: token.column,
                    },
                }),
                Kind::Comment(_) => {}
                Kind::Semicolon => {
                    let comment = match self.tokens.get(self.pos) {
                        Some(Lexeme {
                            kind: Kind::Comment(text),
                            line,
                            ..
                        }) if *line == token.line => {
                            let text = text.clone();
                            self.pos += 1;
                            Some(text)
                        }
                        _ => None,
                    };
                    return Ok(Directive {
                        name,
                        args,
                        block: None,
                        comment,
                    });
                }
                Kind::Open => {
                    if depth >= MAX_DEPTH {
                        return Err(UpstreamError::TooDeep { line: token.line });
                    }
                    let block = self.block(depth + 1, Some((name.position.line, &name.text)))?;
                    return Ok(Directive {
                        name,
                        args,
                        block: Some(block),
                        comment: None,
                    });
                }
                Kind::Close => {
                    return Err(UpstreamError::MissingSemicolon {
                        line: name.position.line,
                        name: name.text,
                    })
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_lines_and_columns() {
        let tokens = tokenize("a 'b c';\n  # x\n\"d\\\"e\" {}").unwrap();
        let kinds: Vec<Kind> = tokens.iter().map(|t| t.kind.clone()).collect();
        assert_eq!(
            kinds,
            vec![
                Kind::Word("a".into()),
                Kind::Word("b c".into()),
                Kind::Semicolon,
                Kind::Comment(" x".into()),
                Kind::Word("d\"e".into()),
                Kind::Open,
                Kind::Close,
            ]
        );
        assert_eq!((tokens[4].line, tokens[4].column), (3, 1));
        assert_eq!((tokens[3].line, tokens[3].column), (2, 3));
    }
}
