package io.carillon.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;

class TestDatabaseTest {

    @Test
    void eachDatabaseIsFreshAndReal() throws Exception {
        try (TestDatabase first = TestDatabase.create();
                TestDatabase second = TestDatabase.create()) {
            assertThat(first.jdbcUrl()).isNotEqualTo(second.jdbcUrl());
            try (Connection connection = first.dataSource().getConnection();
                    ResultSet rs = connection
                            .createStatement()
                            .executeQuery(
                                    "select count(*) from information_schema.tables where table_schema = 'public'")) {
                rs.next();
                assertThat(rs.getInt(1)).isZero();
            }
        }
    }
}
