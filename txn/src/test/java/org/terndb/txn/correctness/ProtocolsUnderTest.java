package org.terndb.txn.correctness;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Protocols;
import org.terndb.txn.TxnOptions;

/**
 * The protocols the correctness suite runs against: every protocol registered in {@link Protocols}, plus the
 * test-tree references (a serial one, an optimistic one and a snapshot-isolation one) that show the suite passes
 * for known-correct protocols. The list is never empty, so parameterized tests always have arguments.
 *
 * <p>System properties:
 * <ul>
 *   <li>{@code tern.txn.protocols=silo,tictoc} runs only these (registered or reference) protocols;</li>
 *   <li>{@code tern.txn.references=false} leaves the references out;</li>
 *   <li>{@code tern.txn.expectProtocols=true} fails if no protocol is registered in {@link Protocols} (for CI,
 *       once the protocols have landed);</li>
 *   <li>{@code tern.txn.scale=2.5} multiplies every test's time budget and trial count (soak runs).</li>
 * </ul>
 */
public final class ProtocolsUnderTest {
    static final String NO_VALIDATION = "no-validation";
    static final String NO_PHANTOM_VALIDATION = "no-phantom-validation";

    private static final List<String> REFERENCES =
            List.of(SerialReferenceProtocol.NAME, OptimisticReferenceProtocol.NAME, SnapshotReferenceProtocol.NAME);

    private ProtocolsUnderTest() {
    }

    /** Argument source of every parameterized correctness test. */
    public static Stream<String> names() {
        Set<String> registered = Protocols.names();
        if (registered.isEmpty() && Boolean.getBoolean("tern.txn.expectProtocols")) {
            throw new IllegalStateException("tern.txn.expectProtocols=true but Protocols.names() is empty: "
                    + "no concurrency-control protocol is registered");
        }
        Set<String> all = new LinkedHashSet<>(registered);
        if (!"false".equalsIgnoreCase(System.getProperty("tern.txn.references", "true"))) {
            all.addAll(REFERENCES);
        }
        String only = System.getProperty("tern.txn.protocols", "").trim();
        if (only.isEmpty()) {
            return all.stream();
        }
        List<String> chosen = new ArrayList<>();
        for (String n : only.split(",")) {
            String name = n.trim().toLowerCase(Locale.ROOT);
            if (!name.isEmpty()) {
                if (!registered.contains(name) && !REFERENCES.contains(name)) {
                    throw new IllegalArgumentException("tern.txn.protocols names unknown protocol '" + name
                            + "'; known: " + String.join(", ", registered) + (registered.isEmpty() ? "" : ", ")
                            + String.join(", ", REFERENCES));
                }
                chosen.add(name);
            }
        }
        return chosen.stream();
    }

    /** A fresh instance of a protocol of {@link #names()} (or a broken variant for negative controls). */
    static ConcurrencyControl open(String name) {
        return open(name, TxnOptions.defaults());
    }

    static ConcurrencyControl open(String name, TxnOptions options) {
        return switch (name) {
            case SerialReferenceProtocol.NAME -> new SerialReferenceProtocol(options);
            case OptimisticReferenceProtocol.NAME ->
                    new OptimisticReferenceProtocol(name, options, OptimisticReferenceProtocol.Validation.FULL);
            case SnapshotReferenceProtocol.NAME -> new SnapshotReferenceProtocol(options);
            case NO_VALIDATION ->
                    new OptimisticReferenceProtocol(name, options, OptimisticReferenceProtocol.Validation.NONE);
            case NO_PHANTOM_VALIDATION ->
                    new OptimisticReferenceProtocol(name, options, OptimisticReferenceProtocol.Validation.NO_NODE_SET);
            default -> Protocols.create(name, options);
        };
    }
}
