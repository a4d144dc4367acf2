package io.carillon.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Every Carillon module's compiled classes, read from the module folders' {@code target/classes} (main) and
 * {@code target/test-classes} (tests) next to this module. Imported once per test JVM; read-only afterwards.
 */
final class CarillonClasses {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final int MODULE_DEPTH = 3;

    private static final JavaClasses MAIN = importFolders("classes");
    private static final JavaClasses TESTS = importFolders("test-classes");

    private CarillonClasses() {}

    /** The classes of every module's {@code src/main}. */
    static JavaClasses main() {
        return MAIN;
    }

    /** The classes of every module's {@code src/test}. */
    static JavaClasses tests() {
        return TESTS;
    }

    private static JavaClasses importFolders(String kind) {
        List<Path> folders = moduleFolders().stream()
                .map(module -> module.resolve("target").resolve(kind))
                .filter(Files::isDirectory)
                .toList();
        if (folders.isEmpty()) {
            throw new IllegalStateException("no module under " + ROOT + " has target/" + kind + "; build first");
        }
        return new ClassFileImporter().importPaths(folders);
    }

    private static List<Path> moduleFolders() {
        try (Stream<Path> poms = Files.walk(ROOT, MODULE_DEPTH)) {
            return poms.filter(path -> path.getFileName().toString().equals("pom.xml"))
                    .map(Path::getParent)
                    .filter(module -> !module.equals(ROOT)
                            && !module.getFileName().toString().equals("architecture"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the modules under " + ROOT, e);
        }
    }
}
