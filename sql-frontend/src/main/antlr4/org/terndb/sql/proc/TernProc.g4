/*
 * TernDB's stored-procedure language: CREATE [OR REPLACE] PROCEDURE, DROP PROCEDURE and CALL. A subset of
 * SQL/PSM (ISO 9075-4): IN/OUT/INOUT parameters (also arrays), DECLARE ... DEFAULT, SET, IF/ELSEIF/ELSE,
 * WHILE, REPEAT, LOOP, FOR cursor loops, LEAVE/ITERATE/RETURN, SIGNAL, and embedded SELECT [INTO] / INSERT /
 * UPDATE / DELETE. Embedded statements are kept as token runs: the compiler replaces procedure variables in
 * them by parameters and hands the text to Calcite, so this grammar does not re-implement SQL's query syntax.
 * Lexical rules follow TernDdl.g4 and Calcite's defaults: unquoted identifiers fold to upper case, "quoted"
 * ones keep case, strings are 'single quoted' with '' for a quote, keywords are case-insensitive.
 */
grammar TernProc;

procStatement
    : (createProcedure | dropProcedure | callStatement) SEMICOLON? EOF
    ;

// ---- CREATE / DROP / CALL --------------------------------------------------------------------------

createProcedure
    : CREATE (OR REPLACE)? PROCEDURE identifier LPAREN (parameter (COMMA parameter)*)? RPAREN routineBody
    ;

routineBody
    : (LANGUAGE SQL)? block                             # sqlRoutine
    | LANGUAGE JAVA EXTERNAL NAME STRING_LITERAL        # javaRoutine
    ;

parameter
    : direction=(IN | OUT | INOUT)? varName dataType
    ;

dataType
    : typeWord typeWord? (LPAREN precision=INTEGER_LITERAL (COMMA scale=INTEGER_LITERAL)? RPAREN)?
      (ARRAY (LBRACKET cardinality=INTEGER_LITERAL RBRACKET)?)?
    ;

typeWord
    : IDENTIFIER | DATE | TIMESTAMP
    ;

dropProcedure
    : DROP PROCEDURE (IF EXISTS)? identifier
    ;

callStatement
    : CALL identifier (LPAREN (expression (COMMA expression)*)? RPAREN)?
    ;

// ---- procedure body --------------------------------------------------------------------------------

block
    : (beginLabel=identifier COLON)? BEGIN declaration* statement* END endLabel=identifier?
    ;

declaration
    : DECLARE varName (COMMA varName)* dataType (DEFAULT expression)? SEMICOLON
    ;

statement
    : block SEMICOLON                                                                  # blockStatement
    | SET assignTarget EQ expression SEMICOLON                                         # setStatement
    | IF expression THEN (thenBody+=statement)* elseIf* (ELSE (elseBody+=statement)*)? END IF SEMICOLON
                                                                                       # ifStatement
    | (beginLabel=identifier COLON)? WHILE expression DO statement* END WHILE endLabel=identifier? SEMICOLON
                                                                                       # whileStatement
    | (beginLabel=identifier COLON)? REPEAT statement* UNTIL expression END REPEAT endLabel=identifier? SEMICOLON
                                                                                       # repeatStatement
    | (beginLabel=identifier COLON)? LOOP statement* END LOOP endLabel=identifier? SEMICOLON
                                                                                       # loopStatement
    | (beginLabel=identifier COLON)? FOR varName AS forQuery DO statement* END FOR endLabel=identifier? SEMICOLON
                                                                                       # forStatement
    | LEAVE identifier SEMICOLON                                                       # leaveStatement
    | ITERATE identifier SEMICOLON                                                     # iterateStatement
    | RETURN SEMICOLON                                                                 # returnStatement
    | SIGNAL SQLSTATE VALUE? STRING_LITERAL (SET MESSAGE_TEXT EQ expression)? SEMICOLON # signalStatement
    | sqlStatement SEMICOLON                                                           # sqlStatementStatement
    | callStatement SEMICOLON                                                          # nestedCallStatement
    ;

elseIf
    : ELSEIF expression THEN statement*
    ;

assignTarget
    : varName (LBRACKET expression RBRACKET)?
    ;

// An embedded SQL statement up to its semicolon. Subscripted variables (items[i]) are parsed as procedure
// expressions; every other token is kept as it is and located by its offsets in the procedure text.
sqlStatement
    : head=(SELECT | INSERT | UPDATE | DELETE) sqlPart*
    ;

sqlPart
    : varName LBRACKET expression RBRACKET     # sqlSubscript
    | ~SEMICOLON                                # sqlToken
    ;

// The query of a FOR loop ends at DO.
forQuery
    : SELECT forPart*
    ;

forPart
    : varName LBRACKET expression RBRACKET     # forSubscript
    | ~(SEMICOLON | DO)                         # forToken
    ;

// ---- expressions (first alternative binds tightest) ------------------------------------------------

expression
    : primary                                                              # primaryExpression
    | op=(MINUS | PLUS) expression                                         # unaryExpression
    | expression op=(STAR | SLASH | PERCENT) expression                    # multiplicativeExpression
    | expression op=(PLUS | MINUS) expression                              # additiveExpression
    | expression CONCAT expression                                         # concatExpression
    | expression op=(EQ | NE | NE2 | LT | LE | GT | GE) expression         # comparisonExpression
    | expression IS NOT? NULL                                              # isNullExpression
    | expression NOT? LIKE expression                                      # likeExpression
    | expression NOT? IN LPAREN expression (COMMA expression)* RPAREN      # inExpression
    | NOT expression                                                       # notExpression
    | expression AND expression                                            # andExpression
    | expression OR expression                                             # orExpression
    ;

primary
    : literal                                                                         # literalPrimary
    | QUESTION                                                                        # markerPrimary
    | CAST LPAREN expression AS dataType RPAREN                                       # castPrimary
    | CASE operand=expression? caseWhen+ (ELSE otherwise=expression)? END             # casePrimary
    | SUBSTRING LPAREN expression (FROM | COMMA) expression ((FOR | COMMA) expression)? RPAREN  # substringPrimary
    | ARRAY LBRACKET (expression (COMMA expression)*)? RBRACKET                       # arrayPrimary
    | word=(CURRENT_TIMESTAMP | CURRENT_DATE | LOCALTIMESTAMP)                        # niladicPrimary
    | identifier LPAREN (expression (COMMA expression)*)? RPAREN                      # functionPrimary
    | varName LBRACKET expression RBRACKET                                            # subscriptPrimary
    | identifier DOT identifier                                                       # fieldPrimary
    | identifier                                                                      # namePrimary
    | LPAREN expression RPAREN                                                        # parenPrimary
    ;

caseWhen
    : WHEN expression THEN expression
    ;

literal
    : INTEGER_LITERAL              # integerLiteral
    | DECIMAL_LITERAL              # decimalLiteral
    | STRING_LITERAL               # stringLiteral
    | (TRUE | FALSE)               # booleanLiteral
    | NULL                         # nullLiteral
    | DATE STRING_LITERAL          # dateLiteral
    | TIMESTAMP STRING_LITERAL     # timestampLiteral
    ;

// Variables and parameters: plain or quoted identifiers, never keywords.
varName
    : IDENTIFIER
    | QUOTED_IDENTIFIER
    ;

identifier
    : IDENTIFIER
    | QUOTED_IDENTIFIER
    | nonReserved
    ;

// Keywords of this grammar that may still name a procedure, label, record field or function.
nonReserved
    : LANGUAGE | SQL | JAVA | EXTERNAL | NAME | VALUE | MESSAGE_TEXT | SQLSTATE | REPLACE | PROCEDURE | INOUT | OUT
    | REPEAT | UNTIL | LEAVE | ITERATE | RETURN | SIGNAL | LOOP | DATE | TIMESTAMP | ARRAY
    ;

// ---- tokens ----------------------------------------------------------------------------------------

CREATE: C R E A T E;
OR: O R;
REPLACE: R E P L A C E;
PROCEDURE: P R O C E D U R E;
DROP: D R O P;
IF: I F;
EXISTS: E X I S T S;
CALL: C A L L;
LANGUAGE: L A N G U A G E;
SQL: S Q L;
JAVA: J A V A;
EXTERNAL: E X T E R N A L;
NAME: N A M E;
IN: I N;
OUT: O U T;
INOUT: I N O U T;
BEGIN: B E G I N;
END: E N D;
DECLARE: D E C L A R E;
DEFAULT: D E F A U L T;
SET: S E T;
THEN: T H E N;
ELSE: E L S E;
ELSEIF: E L S E I F;
WHILE: W H I L E;
REPEAT: R E P E A T;
UNTIL: U N T I L;
LOOP: L O O P;
DO: D O;
FOR: F O R;
AS: A S;
LEAVE: L E A V E;
ITERATE: I T E R A T E;
RETURN: R E T U R N;
SIGNAL: S I G N A L;
SQLSTATE: S Q L S T A T E;
VALUE: V A L U E;
MESSAGE_TEXT: M E S S A G E '_' T E X T;
SELECT: S E L E C T;
INSERT: I N S E R T;
UPDATE: U P D A T E;
DELETE: D E L E T E;
FROM: F R O M;
NOT: N O T;
NULL: N U L L;
TRUE: T R U E;
FALSE: F A L S E;
AND: A N D;
IS: I S;
LIKE: L I K E;
CASE: C A S E;
WHEN: W H E N;
CAST: C A S T;
ARRAY: A R R A Y;
SUBSTRING: S U B S T R I N G;
DATE: D A T E;
TIMESTAMP: T I M E S T A M P;
CURRENT_TIMESTAMP: C U R R E N T '_' T I M E S T A M P;
CURRENT_DATE: C U R R E N T '_' D A T E;
LOCALTIMESTAMP: L O C A L T I M E S T A M P;

LPAREN: '(';
RPAREN: ')';
LBRACKET: '[';
RBRACKET: ']';
COMMA: ',';
SEMICOLON: ';';
COLON: ':';
DOT: '.';
QUESTION: '?';
CONCAT: '||';
PLUS: '+';
MINUS: '-';
STAR: '*';
SLASH: '/';
PERCENT: '%';
EQ: '=';
NE: '<>';
NE2: '!=';
LE: '<=';
GE: '>=';
LT: '<';
GT: '>';

INTEGER_LITERAL: DIGIT+;
DECIMAL_LITERAL: DIGIT+ '.' DIGIT* | '.' DIGIT+ | DIGIT+ ('.' DIGIT*)? [eE] [+-]? DIGIT+;
STRING_LITERAL: '\'' ( ~'\'' | '\'\'' )* '\'';
IDENTIFIER: [a-zA-Z_] [a-zA-Z_0-9$]*;
QUOTED_IDENTIFIER: '"' ( ~'"' | '""' )* '"';

LINE_COMMENT: '--' ~[\r\n]* -> skip;
BLOCK_COMMENT: '/*' .*? '*/' -> skip;
WS: [ \t\r\n]+ -> skip;

// Anything else is kept as a token: inside embedded SQL Calcite judges it; elsewhere it is a syntax error.
UNEXPECTED: .;

fragment DIGIT: [0-9];
fragment A: [aA]; fragment B: [bB]; fragment C: [cC]; fragment D: [dD]; fragment E: [eE]; fragment F: [fF];
fragment G: [gG]; fragment H: [hH]; fragment I: [iI]; fragment J: [jJ]; fragment K: [kK]; fragment L: [lL];
fragment M: [mM]; fragment N: [nN]; fragment O: [oO]; fragment P: [pP]; fragment Q: [qQ]; fragment R: [rR];
fragment S: [sS]; fragment T: [tT]; fragment U: [uU]; fragment V: [vV]; fragment W: [wW]; fragment X: [xX];
fragment Y: [yY]; fragment Z: [zZ];
