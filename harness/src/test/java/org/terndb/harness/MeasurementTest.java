package org.terndb.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The median that {@code compare}, {@code bench sql} and the procedure-overhead benchmark report. */
class MeasurementTest {

    @Test
    void medianIsTheMiddleValueOrTheMeanOfTheMiddleTwo() {
        assertEquals(7.0, Measurement.median(7.0));
        assertEquals(2.0, Measurement.median(3.0, 1.0, 2.0), "an odd count: the middle value");
        assertEquals(2.5, Measurement.median(4.0, 1.0, 2.0, 3.0), "an even count: the middle two's mean");
        double[] values = {5.0, 1.0, 3.0};
        Measurement.median(values);
        assertArrayEquals(new double[] {5.0, 1.0, 3.0}, values, "the caller's values are not sorted in place");
        assertThrows(IllegalArgumentException.class, Measurement::median, "no values have no median");
    }
}
