/**
 * Seeded synthetic datasets for the papers' experiments ({@code coded-yarn data generate}),
 * streamed row by row into a {@link io.codedyarn.hdfs.dataset.DatasetWriter}.
 *
 * <ul>
 *   <li>registry, validation and the write entry point: {@link
 *       io.codedyarn.hdfs.generate.Generators} ({@link io.codedyarn.hdfs.generate.GeneratorParams}
 *       in, a manifest out);
 *   <li>kinds: {@link io.codedyarn.hdfs.generate.GaussianMixtureGenerator} (BCC), {@link
 *       io.codedyarn.hdfs.generate.HiggsLikeGenerator} (DSAG's HIGGS shape), {@link
 *       io.codedyarn.hdfs.generate.LowRankGenerator} (PCA with known spectrum), {@link
 *       io.codedyarn.hdfs.generate.GenotypeGenerator} (DSAG's sparse binary PCA target), {@link
 *       io.codedyarn.hdfs.generate.LagcLeastSquaresGenerator} (LAGC's L_s = (1.3^(s−1)+1)²);
 *   <li>plumbing: {@link io.codedyarn.hdfs.generate.RowSink}, and the two-thread generate/write
 *       pipeline {@code PipelinedRowSink}.
 * </ul>
 */
package io.codedyarn.hdfs.generate;
