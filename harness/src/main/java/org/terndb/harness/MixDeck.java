package org.terndb.harness;

import java.util.random.RandomGenerator;

/**
 * A transaction mix as a deck of cards (TPC-C clause 5.2.4.2): it holds exactly {@code weights[t]} cards of type
 * t, is dealt in a shuffled order and reshuffled when used up, so every full deck runs exactly the mix. One per
 * terminal; the terminal's own random stream shuffles it, so a seed reproduces the sequence.
 */
public final class MixDeck {
    private final int[] cards;
    private int dealt;

    /** @param weights cards per type, in the benchmark's type order; {@code types} of them, with a positive sum */
    public MixDeck(int[] weights, int types) {
        long total = 0;
        for (int w : weights) {
            if (w < 0) {
                throw new IllegalArgumentException("a mix weight is negative: " + w);
            }
            total += w;
        }
        if (weights.length != types || total <= 0 || total > 1_000_000) {
            throw new IllegalArgumentException("a mix needs " + types + " weights with a positive sum (at most"
                    + " 1,000,000 cards)");
        }
        cards = new int[(int) total];
        int at = 0;
        for (int type = 0; type < weights.length; type++) {
            for (int i = 0; i < weights[type]; i++) {
                cards[at++] = type;
            }
        }
        dealt = cards.length;
    }

    /** The next card: a type's position. */
    public int next(RandomGenerator random) {
        if (dealt == cards.length) {
            shuffle(cards, random);
            dealt = 0;
        }
        return cards[dealt++];
    }

    /** Fisher-Yates over {@code values}. */
    public static void shuffle(int[] values, RandomGenerator random) {
        for (int i = values.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = values[i];
            values[i] = values[j];
            values[j] = t;
        }
    }
}
