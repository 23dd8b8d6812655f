package org.terndb.jdbc;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.List;
import java.util.Properties;
import java.util.logging.Logger;
import org.terndb.engine.Database;
import org.terndb.engine.DatabaseConfig;
import org.terndb.engine.DatabaseRegistry;
import org.terndb.executor.TernSqlException;
import org.terndb.txn.TxnOptions;

/**
 * The TernDB JDBC driver, registered with {@link DriverManager} through {@code META-INF/services}.
 *
 * <p>{@code jdbc:tern:mem:NAME[;key=value...]} opens the in-memory database NAME, or joins it if a connection
 * of this JVM has it open. The database lives while at least one connection to it is open: when the last
 * one closes, it is dropped with its data (as H2's {@code jdbc:h2:mem:NAME} by default). An empty NAME
 * gives a private database that only its one connection sees. Options: {@code protocol} (one of the
 * registered concurrency-control protocols, default silo), {@code autocommit_retries},
 * {@code plan_cache_size}, and every transaction option of {@link TxnOptions}; unknown keys and bad values
 * fail the connection with a message listing the valid options.
 */
public final class TernDriver implements Driver {
    private static final TernDriver INSTANCE = new TernDriver();

    static {
        try {
            DriverManager.registerDriver(INSTANCE);
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        JdbcUrl parsed = JdbcUrl.parse(url, info);
        try {
            if (parsed.file()) {
                DatabaseConfig config = DatabaseConfig.file(java.nio.file.Path.of(parsed.name()), parsed.options());
                DatabaseRegistry files = DatabaseRegistry.files();
                return new TernConnection(url, files.acquire(config, !parsed.options().isEmpty()), files);
            }
            DatabaseConfig config = DatabaseConfig.of(parsed.name(), parsed.options());
            if (parsed.name().isEmpty()) {
                return new TernConnection(url, Database.open(config), null);
            }
            DatabaseRegistry registry = DatabaseRegistry.inMemory();
            return new TernConnection(url, registry.acquire(config, !parsed.options().isEmpty()), registry);
        } catch (TernSqlException e) {
            throw JdbcErrors.of(e);
        }
    }

    @Override
    public boolean acceptsURL(String url) {
        return JdbcUrl.accepts(url);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        List<String> keys = DatabaseConfig.validKeys();
        DriverPropertyInfo[] out = new DriverPropertyInfo[keys.size()];
        for (int i = 0; i < out.length; i++) {
            String key = keys.get(i);
            TxnOptions.Spec spec = TxnOptions.specs().get(key);
            out[i] = new DriverPropertyInfo(key, spec == null ? null : spec.defaultValue());
            out[i].description = spec == null ? "engine option" : spec.help();
            out[i].choices = spec == null ? null : spec.choices();
        }
        return out;
    }

    @Override
    public int getMajorVersion() {
        return TernVersion.MAJOR;
    }

    @Override
    public int getMinorVersion() {
        return TernVersion.MINOR;
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("TernDB does not log through java.util.logging", "0A000");
    }
}
