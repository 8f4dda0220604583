-- profile.sql: __TARGET__ is substituted by profile.sh
CREATE OR REPLACE TEMP VIEW src AS SELECT * FROM '__TARGET__';

SELECT '__TARGET__' AS dataset, count(*) AS rows FROM src;

CREATE OR REPLACE TEMP TABLE summary AS
SELECT * FROM (SUMMARIZE SELECT * FROM src);

SELECT s.column_name,
       s.column_type,
       s.approx_unique,
       round(s.null_percentage, 2) AS null_pct,
       s.min,
       s.max,
       CASE WHEN h.expected IS NOT NULL AND h.expected <> s.column_type
            THEN 'retype? ' || h.expected ELSE '' END AS note
FROM summary s
LEFT JOIN type_hints h ON regexp_matches(s.column_name, h.pattern)
ORDER BY s.null_percentage DESC, s.column_name;

-- top values for low-cardinality text columns
SELECT column_name, list(value ORDER BY n DESC)[1:5] AS top5
FROM (
  UNPIVOT (SELECT COLUMNS(c -> c IN (SELECT column_name FROM summary
                                     WHERE column_type = 'VARCHAR' AND approx_unique < 50))::VARCHAR
           FROM src)
  ON COLUMNS(*) INTO NAME column_name VALUE value
)
GROUP BY column_name, value
QUALIFY TRUE
;
