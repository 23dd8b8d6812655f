package org.terndb.tatp;

import org.terndb.harness.MixDeck;

/**
 * One terminal's input generator (specification v1.0, section 3): deals the next transaction type from a shuffled
 * deck holding exactly the mix's weights, and draws that type's parameters into the fields below (reused). The
 * subscriber is the non-uniform id of section 4.2; the transactions that name it by SUB_NBR get its number.
 */
final class TatpInputs {
    private final int subscribers;
    private final TatpRandom random;
    private final MixDeck deck;

    /** The subscriber (S_ID) and its SUB_NBR. */
    int subscriber;
    String subscriberNumber;
    /** GET_ACCESS_DATA's AI_TYPE; SF_TYPE of the others. */
    int type;
    /** GET_NEW_DESTINATION: START_TIME &lt;= startTime and endTime &lt; END_TIME; the row's times otherwise. */
    int startTime;
    int endTime;
    /** UPDATE_SUBSCRIBER_DATA: the new BIT_1 and DATA_A. */
    int bit;
    int dataA;
    /** UPDATE_LOCATION: the new VLR_LOCATION. */
    long location;
    /** INSERT_CALL_FORWARDING: the new NUMBERX. */
    String number;

    /**
     * @param mix weights of the seven types in {@link TatpTxn} order: the deck holds that many cards of each and is
     *            reshuffled when used up
     */
    TatpInputs(int subscribers, long seed, int[] mix) {
        this.subscribers = subscribers;
        this.random = new TatpRandom(seed);
        this.deck = new MixDeck(mix, TatpTxn.count());
    }

    /** Draws the next transaction type and its parameters. */
    TatpTxn next() {
        TatpTxn txn = TatpTxn.of(deck.next(random.generator()));
        draw(txn);
        return txn;
    }

    /** Draws the parameters of {@code txn} (section 3's parameter table). */
    void draw(TatpTxn txn) {
        subscriber = random.subscriberId(subscribers);
        switch (txn) {
            case GET_SUBSCRIBER_DATA -> {
            }
            case GET_NEW_DESTINATION -> {
                type = random.uniform(1, 4);
                startTime = random.startTime();
                endTime = random.uniform(1, 24);
            }
            case GET_ACCESS_DATA -> type = random.uniform(1, 4);
            case UPDATE_SUBSCRIBER_DATA -> {
                bit = random.uniform(0, 1);
                type = random.uniform(1, 4);
                dataA = random.uniform(0, 255);
            }
            case UPDATE_LOCATION -> {
                subscriberNumber = TatpRandom.subscriberNumber(subscriber);
                location = random.uniform(1, TatpRandom.MAX_LOCATION);
            }
            case INSERT_CALL_FORWARDING -> {
                subscriberNumber = TatpRandom.subscriberNumber(subscriber);
                type = random.uniform(1, 4);
                startTime = random.startTime();
                endTime = startTime + random.uniform(1, 8);
                number = random.digits15();
            }
            case DELETE_CALL_FORWARDING -> {
                subscriberNumber = TatpRandom.subscriberNumber(subscriber);
                type = random.uniform(1, 4);
                startTime = random.startTime();
            }
        }
    }
}
