package io.github.ycsbtiers.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.or;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The modules' main classes, as DESIGN.md lays them out: every package of a module may depend on
 * another only one way (no cycle: a package can be read, tested and moved without the ones that use
 * it), and a binding depends on no project module but {@code api}, so that its shaded jar drops
 * into upstream YCSB without the runner or the suite.
 */
@AnalyzeClasses(packages = ModuleDependenciesTest.ROOT, importOptions = ImportOption.DoNotIncludeTests.class)
class ModuleDependenciesTest {
  static final String ROOT = "io.github.ycsbtiers";

  /**
   * A slice per package of a module ({@code suite.report}, {@code tiered.store.internal}); a module's
   * root package (a main class) is in none. Modules cannot form a cycle among themselves (Maven refuses).
   */
  @ArchTest
  static final ArchRule noModuleHasAPackageCycle = slices().matching(ROOT + ".(*).(**)").namingSlices("$1.$2")
      .should().beFreeOfCycles()
      .because("a package that both uses and is used by another of its module cannot be understood alone");

  @ArchTest
  static final ArchRule redisBindingDependsOnApiAlone = dependsOnApiAlone("redis");
  @ArchTest
  static final ArchRule tieredBindingDependsOnApiAlone = dependsOnApiAlone("tiered");

  private static ArchRule dependsOnApiAlone(String module) {
    return classes().that().resideInAPackage(ROOT + "." + module + "..")
        .should().onlyDependOnClassesThat(or(resideOutsideOfPackage(ROOT + ".."),
            resideInAnyPackage(ROOT + ".api..", ROOT + "." + module + "..")))
        .because("a binding runs under upstream YCSB too: it may use api, never the runner, the suite or the"
            + " other binding");
  }
}
