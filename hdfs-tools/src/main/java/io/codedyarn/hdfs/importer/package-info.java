/**
 * Importers from users' formats into the coded-yarn dataset format ({@code data import}): {@link
 * io.codedyarn.hdfs.importer.CsvImporter}, {@link io.codedyarn.hdfs.importer.LibsvmImporter},
 * {@link io.codedyarn.hdfs.importer.IdxImporter} (MNIST / Fashion-MNIST), {@link
 * io.codedyarn.hdfs.importer.ParquetImporter}; {@link io.codedyarn.hdfs.importer.DatasetImport}
 * picks one and applies optional preprocessing. All stream from any Hadoop FileSystem (gunzipping
 * {@code .gz} inputs), write through the atomic {@link io.codedyarn.hdfs.dataset.DatasetWriter},
 * and report bad input as one {@link io.codedyarn.hdfs.importer.BadInputException} line naming the
 * file and line.
 */
package io.codedyarn.hdfs.importer;
