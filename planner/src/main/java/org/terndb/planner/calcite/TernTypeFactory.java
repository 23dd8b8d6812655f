package org.terndb.planner.calcite;

import java.nio.charset.Charset;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlCollation;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's Java type factory with Unicode as the character set of every string type and literal. Calcite's
 * default is ISO-8859-1 (Latin-1): a literal such as {@code '日本語'} or {@code '😀'} fails validation with
 * "Failed to encode ... in character set 'ISO-8859-1'". TernDB's strings are Java strings stored as UTF-8, so
 * any Unicode text is valid. The charset is UTF-16 under the name Calcite itself gives it ({@code UTF-16LE} or
 * {@code UTF-16BE}, the platform's order), so literals Calcite makes, including {@code _UTF16'...'}, match it.
 *
 * <p>Both places Calcite takes a charset from are covered: literals and CASTs ask the factory for its default
 * charset, while {@code createSqlType(VARCHAR, n)} (table columns, types that operators infer) stamps Calcite's
 * JVM-wide default, so string types made here get ours instead; a literal compared with a column then needs no
 * conversion. It is set per factory rather than through Calcite's JVM-wide {@code calcite.default.charset}
 * property, so TernDB neither depends on nor changes settings another Calcite user in the JVM may rely on.
 */
final class TernTypeFactory extends JavaTypeFactoryImpl {
    private static final Charset UNICODE = SqlUtil.getCharset("UTF16");

    TernTypeFactory() {
        super(TernTypeSystem.INSTANCE);
    }

    @Override
    public Charset getDefaultCharset() {
        return UNICODE;
    }

    @Override
    public RelDataType createSqlType(SqlTypeName typeName) {
        return unicode(super.createSqlType(typeName));
    }

    @Override
    public RelDataType createSqlType(SqlTypeName typeName, int precision) {
        return unicode(super.createSqlType(typeName, precision));
    }

    private RelDataType unicode(RelDataType type) {
        if (!SqlTypeName.CHAR_TYPES.contains(type.getSqlTypeName()) || getDefaultCharset().equals(type.getCharset())) {
            return type;
        }
        SqlCollation collation = type.getCollation() != null ? type.getCollation() : SqlCollation.IMPLICIT;
        return createTypeWithCharsetAndCollation(type, getDefaultCharset(), collation);
    }
}
