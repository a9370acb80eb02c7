package outlay.web

import java.time.LocalDate
import java.time.LocalTime
import java.time.YearMonth
import java.time.format.DateTimeFormatter
import java.time.format.FormatStyle

/** Calendar days and times as a person reads them in their language ("Friday, November 20, 2026" in English). */
fun Page.longDate(date: LocalDate): String = DateTimeFormatter.ofLocalizedDate(FormatStyle.FULL).withLocale(locale).format(date)

fun Page.shortDate(date: LocalDate): String = DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(locale).format(date)

fun Page.time(time: LocalTime): String = DateTimeFormatter.ofLocalizedTime(FormatStyle.SHORT).withLocale(locale).format(time)

fun Page.month(month: YearMonth): String = DateTimeFormatter.ofPattern("LLLL yyyy", locale).format(month)
