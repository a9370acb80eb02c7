package outlay

import com.tngtech.archunit.base.DescribedPredicate
import com.tngtech.archunit.core.domain.JavaClass
import com.tngtech.archunit.core.importer.ClassFileImporter
import com.tngtech.archunit.core.importer.ImportOption
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses
import org.junit.jupiter.api.Test
import org.springframework.modulith.core.ApplicationModules
import org.springframework.modulith.docs.Documenter
import outlay.db.DefaultSchema
import outlay.ledger.LedgerReferences
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.readText
import kotlin.io.path.writeText
import kotlin.test.assertTrue

/**
 * The modules (top-level packages under `outlay`) and what they may use of each other, checked
 * on the compiled classes. The generated jOOQ classes (`outlay.db`) are not a module: every
 * module reads its own tables through them, and the table rule below says whose tables they are.
 */
class ModuleBoundaryTest {
    private val modules = ApplicationModules.of(OutlayApplication::class.java, JavaClass.Predicates.resideInAPackage("outlay.db.."))

    @Test
    fun `modules depend on each other without cycles and only through their top-level packages`() {
        modules.verify()
    }

    @Test
    fun `no class outside the ledger names a ledger table`() {
        val ledgerTables = LEDGER_TABLES.map { DefaultSchema.DEFAULT_SCHEMA.getTable(it) ?: error("no table $it") }
        val generated = ledgerTables.flatMap { listOf(it.javaClass.name, it.recordType.name) }.toSet()
        val classes = ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("outlay")
        // the rule sees table dependencies at all: the ledger's own classes have them
        assertTrue(classes.get(LedgerReferences::class.java).directDependenciesFromSelf.any { it.targetClass.name in generated })
        noClasses().that().resideOutsideOfPackages("outlay.ledger..", "outlay.db..")
            .should().dependOnClassesThat(
                object : DescribedPredicate<JavaClass>("are the ledger's tables or records $generated") {
                    override fun test(input: JavaClass) = input.name in generated
                },
            )
            .check(classes)
    }

    /**
     * Writes the module diagram (PlantUML) to docs/modules and embeds it in docs/architecture.md
     * between its markers, so the document shows the modules as the code has them.
     */
    @Test
    fun `the module diagram in the docs is the one the code has`() {
        val docs = Path.of("docs")
        Documenter(modules, Documenter.Options.defaults().withOutputFolder(docs.resolve("modules").toString()).withoutClean())
            .writeModulesAsPlantUml(
                Documenter.DiagramOptions.defaults().withElementsWithoutRelationships(Documenter.DiagramOptions.ElementsWithoutRelationships.VISIBLE),
            )
        val file = docs.resolve("modules/components.puml")
        val diagram = sortedRuns(file.readText().trim().lines()).joinToString("\n")
        file.writeText(diagram + "\n")
        val architecture = docs.resolve("architecture.md")
        val text = architecture.readText()
        val start = text.indexOf(START)
        val end = text.indexOf(END)
        check(start in 0..<end) { "docs/architecture.md lacks the markers $START … $END" }
        val updated = text.substring(0, start + START.length) + "\n```plantuml\n" + diagram + "\n```\n" + text.substring(end)
        if (updated != text) architecture.writeText(updated)
        check(Files.readString(architecture).contains(diagram))
    }

    /** The Documenter lists elements and relations in no fixed order: sorted, the file changes only when the modules do. */
    private fun sortedRuns(lines: List<String>): List<String> {
        fun kind(line: String) = line.trim().substringBefore('(').takeIf { it == "Component" || it == "Rel" }
        val out = mutableListOf<String>()
        var run = mutableListOf<String>()
        for (line in lines) {
            if (run.isNotEmpty() && kind(line) != kind(run.first())) {
                out += run.sorted()
                run = mutableListOf()
            }
            if (kind(line) == null) out += line else run += line
        }
        return out + run.sorted()
    }

    private companion object {
        /** The tables the ledger owns; a renamed or new ledger table must be listed here. */
        val LEDGER_TABLES = listOf(
            "draft", "draft_item", "draft_document", "draft_item_image",
            "transactions", "transaction_item", "transaction_document", "item_image", "month_totals", "day_totals", "transfer",
        )
        const val START = "<!-- module diagram: written by ModuleBoundaryTest -->"
        const val END = "<!-- end of module diagram -->"
    }
}
