package org.terndb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;
import org.jdbi.v3.core.transaction.TransactionIsolationLevel;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindBean;
import org.jdbi.v3.sqlobject.statement.SqlBatch;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;
import org.jdbi.v3.sqlobject.transaction.Transaction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Jdbi, an ordinary JDBC library, runs on TernDB unchanged: its fluent API (handles, binding by name and
 * position, mapping to maps, beans and records, batches, transactions) and a SqlObject interface.
 */
class JdbiTest {
    private static final AtomicInteger NAMES = new AtomicInteger();

    /** Keeps the named database alive between Jdbi's short-lived connections. */
    private Connection keepAlive;
    private Jdbi jdbi;

    public record Book(int id, String title, BigDecimal price, LocalDate published) {
    }

    /** A SqlObject DAO: Jdbi generates the implementation from the annotations. */
    @RegisterConstructorMapper(Book.class)
    public interface BookDao {
        @SqlUpdate("CREATE TABLE book (id INT PRIMARY KEY, title VARCHAR(50) NOT NULL, price DECIMAL(8,2), "
                + "published DATE)")
        void createTable();

        @SqlUpdate("INSERT INTO book (id, title, price, published) VALUES (:id, :title, :price, :published)")
        int insert(@BindBean BookBean book);

        @SqlBatch("INSERT INTO book (id, title, price, published) VALUES (:id, :title, :price, :published)")
        int[] insertAll(@BindBean List<BookBean> books);

        @SqlQuery("SELECT id, title, price, published FROM book WHERE id = :id")
        Optional<Book> find(@Bind("id") int id);

        @SqlQuery("SELECT id, title, price, published FROM book ORDER BY id")
        List<Book> all();

        @SqlQuery("SELECT COUNT(*) FROM book WHERE price > :min")
        int countDearerThan(@Bind("min") BigDecimal min);

        @SqlUpdate("UPDATE book SET price = price * 2 WHERE id = :id")
        int doublePrice(@Bind("id") int id);

        /** Both updates or neither: SqlObject runs the method in one transaction. */
        @Transaction
        default void swapPrices(int a, int b) {
            Book x = find(a).orElseThrow();
            Book y = find(b).orElseThrow();
            setPrice(a, y.price());
            setPrice(b, x.price());
        }

        @SqlUpdate("UPDATE book SET price = :price WHERE id = :id")
        int setPrice(@Bind("id") int id, @Bind("price") BigDecimal price);
    }

    /** A mutable bean for {@code @BindBean}. */
    public static final class BookBean {
        private final int id;
        private final String title;
        private final BigDecimal price;
        private final LocalDate published;

        BookBean(int id, String title, String price, String published) {
            this.id = id;
            this.title = title;
            this.price = price == null ? null : new BigDecimal(price);
            this.published = published == null ? null : LocalDate.parse(published);
        }

        public int getId() {
            return id;
        }

        public String getTitle() {
            return title;
        }

        public BigDecimal getPrice() {
            return price;
        }

        public LocalDate getPublished() {
            return published;
        }
    }

    @BeforeEach
    void open() throws SQLException {
        String url = "jdbc:tern:mem:jdbi" + NAMES.incrementAndGet();
        keepAlive = DriverManager.getConnection(url);
        jdbi = Jdbi.create(url).installPlugin(new SqlObjectPlugin());
    }

    @AfterEach
    void close() throws SQLException {
        keepAlive.close();
    }

    @Test
    void fluentApiRunsStatementsBindsAndMaps() {
        try (Handle h = jdbi.open()) {
            h.execute("CREATE TABLE person (id INT PRIMARY KEY, name VARCHAR(30) NOT NULL, born DATE, score DOUBLE)");
            assertEquals(1, h.createUpdate("INSERT INTO person VALUES (:id, :name, :born, :score)")
                    .bind("id", 1).bind("name", "Ada").bind("born", LocalDate.of(1815, 12, 10)).bind("score", 9.5)
                    .execute());
            assertEquals(1, h.execute("INSERT INTO person VALUES (?, ?, ?, ?)", 2, "Alan", null, null));
            int[] counts = h.prepareBatch("INSERT INTO person (id, name) VALUES (:id, :name)")
                    .bind("id", 3).bind("name", "Grace").add()
                    .bind("id", 4).bind("name", "Edsger").add()
                    .execute();
            assertEquals(List.of(1, 1), List.of(counts[0], counts[1]));

            List<String> names = h.createQuery("SELECT name FROM person WHERE id >= :from ORDER BY id")
                    .bind("from", 2).mapTo(String.class).list();
            assertEquals(List.of("Alan", "Grace", "Edsger"), names);

            Map<String, Object> ada = h.createQuery("SELECT * FROM person WHERE id = 1").mapToMap().one();
            assertEquals("Ada", ada.get("name"), "Jdbi lower-cases labels in maps; TernDB matches them");
            assertEquals(LocalDate.of(1815, 12, 10), h.createQuery("SELECT born FROM person WHERE id = 1")
                    .mapTo(LocalDate.class).one());
            assertEquals(Optional.empty(), h.createQuery("SELECT born FROM person WHERE id = 2")
                    .mapTo(LocalDate.class).findOne().flatMap(Optional::ofNullable));
            assertEquals(4, h.createQuery("SELECT COUNT(*) FROM person").mapTo(Integer.class).one());
        }
    }

    @Test
    void transactionsCommitOrRollBackThroughJdbi() {
        jdbi.useHandle(h -> h.execute("CREATE TABLE acct (id INT PRIMARY KEY, balance BIGINT NOT NULL)"));
        jdbi.useTransaction(h -> {
            h.execute("INSERT INTO acct VALUES (1, 100)");
            h.execute("INSERT INTO acct VALUES (2, 100)");
        });
        assertThrows(IllegalStateException.class, () -> jdbi.useTransaction(h -> {
            h.execute("UPDATE acct SET balance = balance - 30 WHERE id = 1");
            throw new IllegalStateException("changed my mind");
        }));
        long total = jdbi.inTransaction(TransactionIsolationLevel.SERIALIZABLE,
                h -> h.createQuery("SELECT SUM(balance) FROM acct").mapTo(Long.class).one());
        assertEquals(200, total, "the failed transaction was rolled back");
        long first = jdbi.withHandle(h -> h.createQuery("SELECT balance FROM acct WHERE id = 1").mapTo(Long.class).one());
        assertEquals(100, first);
        UnableToExecuteStatementException duplicate = assertThrows(UnableToExecuteStatementException.class,
                () -> jdbi.useHandle(h -> h.execute("INSERT INTO acct VALUES (1, 5)")));
        assertEquals("23505", ((SQLException) duplicate.getCause()).getSQLState());
    }

    @Test
    void sqlObjectInterfaceWorksUnchanged() {
        BookDao dao = jdbi.onDemand(BookDao.class);
        dao.createTable();
        assertEquals(1, dao.insert(new BookBean(1, "SICP", "45.50", "1985-07-01")));
        int[] counts = dao.insertAll(List.of(new BookBean(2, "TAOCP", "199.99", "1968-01-01"),
                new BookBean(3, "Untitled", null, null)));
        assertEquals(2, counts.length);
        assertEquals(new Book(1, "SICP", new BigDecimal("45.50"), LocalDate.of(1985, 7, 1)), dao.find(1).orElseThrow());
        assertEquals(Optional.empty(), dao.find(42));
        assertEquals(3, dao.all().size());
        assertEquals(1, dao.countDearerThan(new BigDecimal("100")));
        assertEquals(1, dao.doublePrice(1));
        assertEquals(new BigDecimal("91.00"), dao.find(1).orElseThrow().price());
        dao.swapPrices(1, 2);
        assertEquals(new BigDecimal("199.99"), dao.find(1).orElseThrow().price());
        assertEquals(new BigDecimal("91.00"), dao.find(2).orElseThrow().price());
        assertTrue(dao.find(3).orElseThrow().price() == null);
    }
}
