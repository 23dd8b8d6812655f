package org.terndb.executor.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** LIKE patterns of literal text and {@code %} match by search; they must agree with the regular expression. */
class LikeTest {

    @Property(tries = 5000)
    void searchAgreesWithTheRegularExpression(@ForAll @Chars({'a', 'b', '%'}) @StringLength(max = 7) String pattern,
                                              @ForAll @Chars({'a', 'b'}) @StringLength(max = 9) String subject) {
        assertEquals(Like.regex(pattern).matcher(subject).matches(), Like.compile(pattern).matches(subject),
                () -> "'" + subject + "' LIKE '" + pattern + "'");
    }

    @Test
    void piecesAnchoredAtBothEndsDoNotOverlap() {
        assertFalse(Like.compile("ab%ba").matches("aba"));
        assertTrue(Like.compile("ab%ba").matches("abba"));
        assertTrue(Like.compile("%ORIGINAL%").matches("xxORIGINALyy"));
        assertFalse(Like.compile("%ORIGINAL%").matches("ORIGINA"));
        assertTrue(Like.compile("").matches(""));
        assertFalse(Like.compile("").matches("a"));
        assertTrue(Like.compile("%").matches(""));
    }

    @Test
    void aSurrogateInThePatternMatchesWholePairsOnly() {
        String pair = new String(Character.toChars(0x1F600)); // one code point, two chars
        String low = pair.substring(1);
        assertFalse(Like.compile("%" + low).matches("a" + pair), "half a pair is not a character of the subject");
        assertTrue(Like.compile("%" + pair).matches("a" + pair));
    }
}
