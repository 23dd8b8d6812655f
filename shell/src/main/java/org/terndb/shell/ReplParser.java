package org.terndb.shell;

import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;
import org.jline.reader.SyntaxError;
import org.jline.reader.impl.DefaultParser;

/**
 * Tells JLine when Enter ends the input: only when every statement has its {@code ;} (or the line is a
 * meta-command). Until then JLine keeps reading lines under the continuation prompt, so a multi-line
 * statement is edited, accepted and kept in history as one piece. Splitting into words (for JLine's own
 * use) is the {@link DefaultParser}'s, with backslash as an ordinary character, as SQL has it.
 */
final class ReplParser implements Parser {
    private final DefaultParser words = new DefaultParser().escapeChars(new char[0]);

    @Override
    public ParsedLine parse(String line, int cursor, ParseContext context) throws SyntaxError {
        if (context == ParseContext.ACCEPT_LINE && !InputSplitter.isComplete(line)) {
            throw new EOFError(-1, cursor, "the statement does not end with ';' yet", ";");
        }
        return words.parse(line, cursor, context);
    }
}
