/*
 * TernDB's grammar for the statements Calcite's core parser lacks: CREATE TABLE (with column-level and
 * table-level PRIMARY KEY, UNIQUE, FOREIGN KEY / REFERENCES, NOT NULL, DEFAULT), DROP TABLE,
 * CREATE [UNIQUE] INDEX, DROP INDEX, ALTER TABLE ... ADD FOREIGN KEY. Everything else goes to
 * Calcite. Identifiers and literals follow Calcite's default lexical rules so that both parsers speak one
 * dialect: unquoted identifiers are folded to upper case, "double quoted" ones kept as written, strings are
 * 'single quoted' with '' for a quote, keywords are case-insensitive.
 */
grammar TernDdl;

statement
    : (createTable | dropTable | createIndex | dropIndex | alterTable | checkpoint) SEMICOLON? EOF
    ;

// CHECKPOINT: a file database writes a checkpoint now (not DDL, but like it a statement outside transactions).
checkpoint
    : CHECKPOINT
    ;

createTable
    : CREATE TABLE (IF NOT EXISTS)? identifier LPAREN tableElement (COMMA tableElement)* RPAREN
    ;

tableElement
    : columnDefinition
    | tableConstraint
    ;

columnDefinition
    : identifier dataType columnOption*
    ;

columnOption
    : NOT NULL                                        # notNullOption
    | NULL                                            # nullOption
    | DEFAULT literal                                 # defaultOption
    | (CONSTRAINT name=identifier)? PRIMARY KEY       # primaryKeyOption
    | (CONSTRAINT name=identifier)? UNIQUE            # uniqueOption
    | (CONSTRAINT name=identifier)? references        # referencesOption
    ;

tableConstraint
    : (CONSTRAINT name=identifier)? PRIMARY KEY columnList                        # primaryKeyConstraint
    | (CONSTRAINT name=identifier)? UNIQUE columnList                             # uniqueConstraint
    | (CONSTRAINT name=identifier)? FOREIGN KEY columnList references             # foreignKeyConstraint
    ;

references
    : REFERENCES table=identifier columnList? referentialAction*
    ;

referentialAction
    : ON (DELETE | UPDATE) (CASCADE | RESTRICT | NO ACTION | SET NULL | SET DEFAULT)
    ;

columnList
    : LPAREN identifier (COMMA identifier)* RPAREN
    ;

dataType
    : typeWord typeWord? (LPAREN precision=INTEGER_LITERAL (COMMA scale=INTEGER_LITERAL)? RPAREN)?
    ;

typeWord
    : IDENTIFIER | DATE | TIMESTAMP
    ;

dropTable
    : DROP TABLE (IF EXISTS)? identifier
    ;

createIndex
    : CREATE UNIQUE? INDEX (IF NOT EXISTS)? identifier ON identifier
      LPAREN indexColumn (COMMA indexColumn)* RPAREN
    ;

indexColumn
    : identifier (ASC | DESC)?
    ;

dropIndex
    : DROP INDEX (IF EXISTS)? name=identifier (ON table=identifier)?
    ;

alterTable
    : ALTER TABLE table=identifier ADD (CONSTRAINT name=identifier)? FOREIGN KEY columnList references
    ;

literal
    : sign=(PLUS | MINUS)? (INTEGER_LITERAL | DECIMAL_LITERAL)   # numberLiteral
    | STRING_LITERAL                                              # stringLiteral
    | (TRUE | FALSE)                                              # booleanLiteral
    | NULL                                                        # nullLiteral
    | DATE STRING_LITERAL                                         # dateLiteral
    | TIMESTAMP STRING_LITERAL                                    # timestampLiteral
    ;

identifier
    : IDENTIFIER
    | QUOTED_IDENTIFIER
    | nonReserved
    ;

// Words that are keywords here but may still name a table, column or index.
nonReserved
    : KEY | ASC | DESC | INDEX | DATE | TIMESTAMP | ACTION | NO | CASCADE | RESTRICT | SET | ADD | DELETE | UPDATE
    | CHECKPOINT
    ;

CREATE: C R E A T E;
TABLE: T A B L E;
DROP: D R O P;
IF: I F;
NOT: N O T;
EXISTS: E X I S T S;
NULL: N U L L;
DEFAULT: D E F A U L T;
PRIMARY: P R I M A R Y;
KEY: K E Y;
CONSTRAINT: C O N S T R A I N T;
UNIQUE: U N I Q U E;
INDEX: I N D E X;
ON: O N;
ASC: A S C;
DESC: D E S C;
TRUE: T R U E;
FALSE: F A L S E;
DATE: D A T E;
TIMESTAMP: T I M E S T A M P;
FOREIGN: F O R E I G N;
REFERENCES: R E F E R E N C E S;
ALTER: A L T E R;
ADD: A D D;
DELETE: D E L E T E;
UPDATE: U P D A T E;
CASCADE: C A S C A D E;
RESTRICT: R E S T R I C T;
NO: N O;
ACTION: A C T I O N;
SET: S E T;
CHECKPOINT: C H E C K P O I N T;

LPAREN: '(';
RPAREN: ')';
COMMA: ',';
SEMICOLON: ';';
PLUS: '+';
MINUS: '-';

INTEGER_LITERAL: DIGIT+;
DECIMAL_LITERAL: DIGIT+ '.' DIGIT* | '.' DIGIT+ | DIGIT+ ('.' DIGIT*)? [eE] [+-]? DIGIT+;
STRING_LITERAL: '\'' ( ~'\'' | '\'\'' )* '\'';
IDENTIFIER: [a-zA-Z_] [a-zA-Z_0-9$]*;
QUOTED_IDENTIFIER: '"' ( ~'"' | '""' )* '"';

LINE_COMMENT: '--' ~[\r\n]* -> skip;
BLOCK_COMMENT: '/*' .*? '*/' -> skip;
WS: [ \t\r\n]+ -> skip;

// Anything else is a syntax error reported by the parser, not silently dropped by the lexer.
UNEXPECTED: .;

fragment DIGIT: [0-9];
fragment A: [aA]; fragment B: [bB]; fragment C: [cC]; fragment D: [dD]; fragment E: [eE]; fragment F: [fF];
fragment G: [gG]; fragment H: [hH]; fragment I: [iI]; fragment J: [jJ]; fragment K: [kK]; fragment L: [lL];
fragment M: [mM]; fragment N: [nN]; fragment O: [oO]; fragment P: [pP]; fragment Q: [qQ]; fragment R: [rR];
fragment S: [sS]; fragment T: [tT]; fragment U: [uU]; fragment V: [vV]; fragment W: [wW]; fragment X: [xX];
fragment Y: [yY]; fragment Z: [zZ];
