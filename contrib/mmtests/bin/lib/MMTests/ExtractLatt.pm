# ExtractLatt.pm: latt's shellpack, read as the generic ExtractShellpack
# reads it, except that each metric is better in the direction its own
# entry in shellpack.yaml declares (preferhigher: true for Entries, lower
# for the latencies and times), so that one comparison judges them all.
package MMTests::ExtractLatt;
use MMTests::ExtractShellpack;
use YAML::PP;
our @ISA = qw(MMTests::ExtractShellpack);

use strict;

sub initialise() {
	my ($self, $subHeading) = @_;
	my @documents = YAML::PP->new->load_file($self->{_ShellpackConfig});
	my %yamlMap = %{$documents[0]};

	for my $metric (@{$yamlMap{'metrics'}}) {
		my $higher = $yamlMap{$metric}{'preferhigher'} // "";
		$self->{_MetricPreferred}{$metric} =
			lc($higher) =~ /^(1|higher|true)$/ ? "Higher" : "Lower";
	}
	$self->SUPER::initialise($subHeading);
}

# An operation is "Metric-factor": Entries, Wakeup-p99, Target-wall.
sub getPreferredValue() {
	my ($self, $op) = @_;

	if (defined($op)) {
		my ($metric) = split(/-/, $op);
		my $preferred = $self->{_MetricPreferred}{$metric};
		return $preferred if defined($preferred);
	}
	return $self->SUPER::getPreferredValue($op);
}

1;
